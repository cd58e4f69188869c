import { type ErrorReportedV1, OpsSubjects } from '@plumbline/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AiTestService, generationEvents, newOrgId, startAiTestService, waitForJob } from '../support/ai-test-service.js'
import { roofDocument } from '../support/fixtures.js'
import { type OpenAiTestServer, startOpenAiTestServer } from '../support/openai-test-server.js'

// The service configured for an OpenAI-compatible provider (the local test server): jobs,
// sections and chat through the model, and what users see when the provider keeps failing.

let svc: AiTestService
let model: OpenAiTestServer

beforeAll(async () => {
  model = await startOpenAiTestServer()
  svc = await startAiTestService({
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: 'gpt-test',
    OPENAI_TIMEOUT_MS: '500',
    AI_MAX_ATTEMPTS: '3',
  })
})
afterAll(async () => {
  await svc?.close()
  await model?.close()
})
beforeEach(() => {
  model.queue = []
  model.requests.length = 0
})

function orgWithEstimate() {
  const orgId = newOrgId()
  const doc = svc.standIns.addDocument(orgId, roofDocument())
  return { orgId, api: svc.as(orgId), id: doc.estimate.id }
}

describe('with an OpenAI-compatible provider', () => {
  it('provider info names the model', async () => {
    const orgId = newOrgId()
    expect((await svc.raw(orgId)('GET', `/ai/provider?organizationId=${orgId}`)).body).toEqual({
      writer: 'openai',
      model: 'gpt-test',
      label: 'OpenAI gpt-test',
    })
  })

  it('a job writes each section through the model and survives one 429 and one timeout', async () => {
    const { api, id } = orgWithEstimate()
    model.queue = [
      { kind: 'status', status: 429 },
      { kind: 'hang', delayMs: 900 },
    ]
    const { jobId } = (await api('POST', `/estimates/${id}/generate-all-content`)).body
    const done = await waitForJob(api, jobId)
    expect(done.status).toBe('completed')
    expect(done.result).toEqual({
      writer: 'openai',
      contentBlocks: {
        executive_summary: 'Model text for Executive Summary.',
        project_overview: 'Model text for Project Overview.',
        scope_of_work: 'Model text for Scope of Work.',
        timeline: 'Model text for Timeline Considerations.',
        qa_notes: 'Model text for Quality Assurance Notes.',
      },
    })
    expect(model.requests).toHaveLength(7)
    expect((await generationEvents(svc.deps.prisma, { jobId })).map((e) => e.data.writer)).toEqual(['openai'])
  })

  it('a provider that keeps failing fails the job with a clear message after three attempts, and writes no event', async () => {
    const { api, id } = orgWithEstimate()
    model.fallback = { kind: 'status', status: 503 }
    // The failed job is reported to the admin service's monitoring (Recent Errors).
    const reports: ErrorReportedV1[] = []
    const sub = svc.deps.bus.nc.subscribe(svc.deps.bus.subject(OpsSubjects.errorReported), {
      callback: (_err, msg) => {
        reports.push(JSON.parse(new TextDecoder().decode(msg.data)) as ErrorReportedV1)
      },
    })
    try {
      const { jobId } = (await api('POST', `/estimates/${id}/generate-all-content`)).body
      const done = await waitForJob(api, jobId)
      await svc.deps.bus.nc.flush()
      expect(reports).toContainEqual(expect.objectContaining({ service: 'ai', category: 'job', endpoint: 'ai-job-worker generate_all', correlationId: jobId }))
      expect(done).toEqual({
        status: 'failed',
        result: null,
        error: 'The AI provider is unavailable right now (HTTP 503). Please try again in a few minutes.',
        message: 'The AI provider is unavailable right now (HTTP 503). Please try again in a few minutes.',
      })
      expect(model.requests).toHaveLength(3)
      expect(await generationEvents(svc.deps.prisma, { jobId })).toHaveLength(0)
      const section = await api('POST', `/estimates/${id}/generate-content/timeline`)
      expect(section.status).toBe(502)
      expect(section.body).toMatchObject({
        code: 'AI_PROVIDER_FAILED',
        message: 'The AI provider is unavailable right now (HTTP 503). Please try again in a few minutes.',
      })
      expect(model.requests).toHaveLength(6)
    } finally {
      sub.unsubscribe()
      model.fallback = { kind: 'ok' }
    }
  })

  it('a job cancelled while the model writes stays cancelled: the worker stops and records nothing', async () => {
    const { api, id } = orgWithEstimate()
    model.fallback = { kind: 'ok', delayMs: 300 }
    try {
      const { jobId } = (await api('POST', `/estimates/${id}/generate-all-content`)).body
      await model.waitForRequests(1)
      expect((await api('GET', `/jobs/${jobId}/status`)).body.status).toBe('running')
      const cancelled = await api('POST', `/jobs/${jobId}/cancel`)
      expect(cancelled.body).toMatchObject({ status: 'cancelled', result: null })
      // Long enough for all five sections had the worker gone on.
      await new Promise((r) => setTimeout(r, 2500))
      expect((await api('GET', `/jobs/${jobId}/status`)).body).toEqual({
        status: 'cancelled',
        result: null,
        error: null,
        message: 'AI generation was cancelled',
      })
      expect(model.requests.length).toBeLessThanOrEqual(2)
      expect(await generationEvents(svc.deps.prisma, { jobId })).toHaveLength(0)
    } finally {
      model.fallback = { kind: 'ok' }
    }
  })

  it('chat goes through the model; its proposal is stored and returned', async () => {
    const { api, id } = orgWithEstimate()
    model.queue = [{ kind: 'ok', text: '{"reply": "I added the warranty.", "revisedContent": "Roof text. Backed by our warranty."}' }]
    // The spec's screens send the field as userMessage; the contract calls it message.
    const res = await api('POST', `/estimates/${id}/content-sections/qa_notes/chat`, { userMessage: 'mention the warranty' })
    expect(res.status, res.text).toBe(201)
    expect(res.body).toMatchObject({
      userMessage: 'mention the warranty',
      aiResponse: 'I added the warranty.',
      proposedContent: 'Roof text. Backed by our warranty.',
      writer: 'openai',
    })
    expect((await api('GET', `/estimates/${id}/content-sections/qa_notes/chat`)).body).toEqual([res.body])
  })
})
