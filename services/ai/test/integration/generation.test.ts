import {
  CONTENT_SECTION_TYPES,
  SYSTEM_ROLE_PERMISSIONS,
  ZAiProviderInfo,
  ZChatMessage,
  ZGenerateSectionResponse,
  ZJobStatusResponse,
} from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJob } from '../../src/data/jobs-repo.js'
import { pruneJobs } from '../../src/usecases/prune-jobs.js'
import { type AiTestService, generationEvents, newOrgId, startAiTestService, waitForJob } from '../support/ai-test-service.js'
import { bareDocument, companySettings, roofDocument } from '../support/fixtures.js'

// The ai service with its default provider, the built-in writer, end to end over HTTP: jobs,
// one section, chat, the free prompt, the quota, and the events each generation writes.

let svc: AiTestService

beforeAll(async () => {
  svc = await startAiTestService()
})
afterAll(async () => {
  await svc?.close()
})

/** A queued job row written without its message, so the test decides when (and how often) the message comes. */
async function queuedJobWithoutMessage(orgId: string, estimateId: string): Promise<string> {
  const jobId = crypto.randomUUID()
  const input = { document: svc.standIns.documents.get(orgId)!.get(estimateId)!, settings: companySettings() }
  await createJob(svc.deps.prisma, { id: jobId, orgId, estimateId, createdBy: 'u1', input })
  return jobId
}

function orgWithEstimate(doc = roofDocument()) {
  const orgId = newOrgId()
  svc.standIns.addDocument(orgId, doc)
  return { orgId, api: svc.as(orgId), doc, id: doc.estimate.id }
}

describe('generate-all job', () => {
  it('runs in the background and completes with five blocks, one event and the built-in writer', async () => {
    const { orgId, api, id } = orgWithEstimate()
    const start = await api('POST', `/estimates/${id}/generate-all-content`)
    expect(start.status, start.text).toBe(202)
    expect(start.body.jobId).toMatch(/^[0-9a-f-]{36}$/)
    const done = await waitForJob(api, start.body.jobId)
    expect(ZJobStatusResponse.parse(done)).toMatchObject({ status: 'completed', error: null })
    expect(done.result?.writer).toBe('built-in')
    expect(Object.keys(done.result!.contentBlocks).sort()).toEqual([...CONTENT_SECTION_TYPES].sort())
    expect(done.result!.contentBlocks.executive_summary).toContain('Smith Roof Replacement')
    const events = await generationEvents(svc.deps.prisma, { jobId: start.body.jobId })
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ orgId, actorId: `user-${orgId}`, data: { kind: 'generate_all', estimateId: id, writer: 'built-in' } })
    expect(events[0].data.contentBlocks).toEqual(done.result!.contentBlocks)
    const row = await svc.deps.prisma.aiJob.findUniqueOrThrow({ where: { id: start.body.jobId } })
    expect(row).toMatchObject({ status: 'completed', attempts: 1, leaseOwner: null })
    // The estimates consumer replaces only text saved before this moment (the request).
    expect(events[0].data.requestedAt).toBe(row.createdAt.toISOString())
  })

  it('answers 404 for an unknown estimate and for a non-uuid id, and creates no job', async () => {
    const { api } = orgWithEstimate()
    const before = await svc.deps.prisma.aiJob.count()
    expect((await api('POST', `/estimates/00000000-0000-4000-8000-000000000000/generate-all-content`)).status).toBe(404)
    expect((await api('POST', `/estimates/not-a-uuid/generate-all-content`)).status).toBe(404)
    expect(await svc.deps.prisma.aiJob.count()).toBe(before)
  })

  it('a second start while the estimate has a job queued joins it; once it is finished or cancelled, a new job starts', async () => {
    const { orgId, api, id } = orgWithEstimate()
    const queued = await queuedJobWithoutMessage(orgId, id)
    const again = await api('POST', `/estimates/${id}/generate-all-content`)
    expect(again.status, again.text).toBe(202)
    expect(again.body.jobId).toBe(queued)
    const both = await Promise.all([1, 2].map(() => api('POST', `/estimates/${id}/generate-all-content`)))
    expect(both.map((r) => r.body.jobId)).toEqual([queued, queued])
    expect(await svc.deps.prisma.aiJob.count({ where: { organizationId: orgId } })).toBe(1)

    expect((await api('POST', `/jobs/${queued}/cancel`)).status).toBe(200)
    const fresh = await api('POST', `/estimates/${id}/generate-all-content`)
    expect(fresh.body.jobId).not.toBe(queued)
    expect((await waitForJob(api, fresh.body.jobId)).status).toBe('completed')
    const next = await api('POST', `/estimates/${id}/generate-all-content`)
    expect(next.body.jobId).not.toBe(fresh.body.jobId)
  })

  it('two starts at the same moment for an idle estimate make one job', async () => {
    const { orgId, api, id } = orgWithEstimate()
    const starts = await Promise.all([1, 2, 3].map(() => api('POST', `/estimates/${id}/generate-all-content`)))
    const ids = new Set(starts.map((r) => r.body.jobId))
    // The writer may finish the first job before a later request takes the lock; then a second
    // job is right. What must never happen is two jobs running side by side.
    const rows = await svc.deps.prisma.aiJob.findMany({ where: { organizationId: orgId }, orderBy: { createdAt: 'asc' } })
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort())
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.finishedAt!.getTime()).toBeLessThanOrEqual(rows[i]!.createdAt.getTime())
  })

  it('a duplicated job message produces one result and one event', async () => {
    const { api, id } = orgWithEstimate()
    const { jobId } = (await api('POST', `/estimates/${id}/generate-all-content`)).body
    await waitForJob(api, jobId)
    const outbox = await svc.deps.prisma.outboxEvent.findFirstOrThrow({
      where: { subject: 'ai.job.requested.v1', payload: { path: ['data', 'jobId'], equals: jobId } },
    })
    // The same message twice more, without a msg id so JetStream's de-duplication lets them through.
    for (let i = 0; i < 2; i++) await svc.deps.bus.js.publish(svc.deps.bus.subject('ai.job.requested.v1'), JSON.stringify(outbox.payload))
    await new Promise((r) => setTimeout(r, 600))
    const consumer = await svc.deps.bus.jsm.consumers.info(`${svc.prefix.toUpperCase()}_AI`, `${svc.prefix}_ai-job-worker`)
    expect(consumer.num_pending + consumer.num_ack_pending).toBe(0)
    expect(await generationEvents(svc.deps.prisma, { jobId })).toHaveLength(1)
    const row = await svc.deps.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } })
    expect(row).toMatchObject({ status: 'completed', attempts: 1 })
  })

  it('two copies of a queued job message delivered together run it once', async () => {
    const { orgId, api, id } = orgWithEstimate()
    // A job row written directly with two messages and no outbox: both copies race for it.
    const jobId = await queuedJobWithoutMessage(orgId, id)
    const envelope = {
      id: crypto.randomUUID(),
      type: 'ai.job.requested.v1',
      occurredAt: new Date().toISOString(),
      orgId,
      actorId: 'u1',
      correlationId: null,
      data: { jobId },
    }
    await Promise.all([0, 1].map(() => svc.deps.bus.js.publish(svc.deps.bus.subject('ai.job.requested.v1'), JSON.stringify(envelope))))
    const done = await waitForJob(api, jobId)
    expect(done.status).toBe('completed')
    await new Promise((r) => setTimeout(r, 300))
    expect(await generationEvents(svc.deps.prisma, { jobId })).toHaveLength(1)
    expect((await svc.deps.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } })).attempts).toBe(1)
  })

  it('cancel sets cancelled; a finished job keeps its outcome; the worker does not overwrite a cancelled job', async () => {
    const { orgId, api, id } = orgWithEstimate()
    const jobId = await queuedJobWithoutMessage(orgId, id)
    const cancelled = await api('POST', `/jobs/${jobId}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toEqual({ status: 'cancelled', result: null, error: null, message: 'AI generation was cancelled' })
    // The job's message arrives after the cancel: the worker leaves it alone.
    const envelope = {
      id: crypto.randomUUID(),
      type: 'ai.job.requested.v1',
      occurredAt: new Date().toISOString(),
      orgId,
      actorId: 'u1',
      correlationId: null,
      data: { jobId },
    }
    await svc.deps.bus.js.publish(svc.deps.bus.subject('ai.job.requested.v1'), JSON.stringify(envelope))
    await new Promise((r) => setTimeout(r, 500))
    expect((await api('GET', `/jobs/${jobId}/status`)).body.status).toBe('cancelled')
    expect(await generationEvents(svc.deps.prisma, { jobId })).toHaveLength(0)

    const finished = (await api('POST', `/estimates/${id}/generate-all-content`)).body.jobId
    await waitForJob(api, finished)
    const again = await api('POST', `/jobs/${finished}/cancel`)
    expect(again.body.status).toBe('completed')
  })

  it('status and cancel of an unknown or malformed job id are 404', async () => {
    const { api } = orgWithEstimate()
    expect((await api('GET', `/jobs/00000000-0000-4000-8000-000000000000/status`)).status).toBe(404)
    expect((await api('GET', `/jobs/xyz/status`)).status).toBe(404)
    expect((await api('POST', `/jobs/00000000-0000-4000-8000-000000000000/cancel`)).status).toBe(404)
  })
})

describe('retention', () => {
  it('prunes finished jobs past the retention period and keeps recent and unfinished ones', async () => {
    const { orgId, id } = orgWithEstimate()
    const old = new Date(Date.now() - 8 * 86_400_000)
    const ids = {
      oldDone: await queuedJobWithoutMessage(orgId, id),
      oldQueued: await queuedJobWithoutMessage(orgId, id),
      recentDone: await queuedJobWithoutMessage(orgId, id),
    }
    await svc.deps.prisma.aiJob.update({ where: { id: ids.oldDone }, data: { status: 'completed', finishedAt: old } })
    await svc.deps.prisma.aiJob.update({ where: { id: ids.oldQueued }, data: { createdAt: old } })
    await svc.deps.prisma.aiJob.update({ where: { id: ids.recentDone }, data: { status: 'failed', finishedAt: new Date() } })
    expect(await pruneJobs(svc.deps)).toBeGreaterThanOrEqual(1)
    const left = await svc.deps.prisma.aiJob.findMany({ where: { id: { in: Object.values(ids) } }, select: { id: true } })
    expect(left.map((j) => j.id).sort()).toEqual([ids.oldQueued, ids.recentDone].sort())
  })
})

describe('quota', () => {
  it('refuses every kind of generation with 429 AI_LIMIT_REACHED when the month is used up, and writes nothing', async () => {
    const { orgId, api, id } = orgWithEstimate()
    svc.standIns.quota.set(orgId, { allowed: false, used: 50, limit: 50 })
    const jobsBefore = await svc.deps.prisma.aiJob.count({ where: { organizationId: orgId } })
    const calls = [
      await api('POST', `/estimates/${id}/generate-all-content`),
      await api('POST', `/estimates/${id}/generate-content/scope_of_work`),
      await api('POST', `/estimates/${id}/content-sections/timeline/chat`, { message: 'make it shorter' }),
      await svc.raw(orgId)('POST', '/ai/generate-content', { organizationId: orgId, prompt: 'Write a proposal' }),
    ]
    for (const res of calls) {
      expect(res.status, res.text).toBe(429)
      expect(res.body.code).toBe('AI_LIMIT_REACHED')
      expect(res.body.message).toBe('Monthly AI generation limit reached (50 of 50). Upgrade your plan or wait until next month.')
    }
    expect(svc.standIns.quotaChecks.filter((q) => q.orgId === orgId).every((q) => q.kind === 'ai')).toBe(true)
    expect(await svc.deps.prisma.aiJob.count({ where: { organizationId: orgId } })).toBe(jobsBefore)
    expect((await generationEvents(svc.deps.prisma)).filter((e) => e.orgId === orgId)).toHaveLength(0)
  })

  it('gives the grant back when a generation fails after the check, so the last slot is still there', async () => {
    const { orgId, api, id } = orgWithEstimate()
    svc.standIns.quota.set(orgId, { allowed: true, used: 0, limit: 1 })
    // Unknown estimates: each allowed by the quota, then 404 when the writer's input is read.
    const unknown = crypto.randomUUID()
    expect((await api('POST', `/estimates/${unknown}/generate-content/scope_of_work`)).status).toBe(404)
    expect((await api('POST', `/estimates/${unknown}/generate-all-content`)).status).toBe(404)
    expect((await api('POST', `/estimates/${unknown}/content-sections/timeline/chat`, { message: 'shorter' })).status).toBe(404)
    const res = await api('POST', `/estimates/${id}/generate-content/scope_of_work`)
    expect(res.status, res.text).toBe(200)
    expect((await api('POST', `/estimates/${id}/generate-content/timeline`)).body.code).toBe('AI_LIMIT_REACHED')
  })
})

describe('one section', () => {
  it('returns the section text and writes a section event', async () => {
    const { orgId, api, id } = orgWithEstimate()
    const res = await api('POST', `/estimates/${id}/generate-content/scope_of_work`)
    expect(res.status, res.text).toBe(200)
    expect(ZGenerateSectionResponse.parse(res.body)).toMatchObject({ type: 'scope_of_work', writer: 'built-in' })
    expect(res.body.content).toContain('Roof Installation')
    const events = (await generationEvents(svc.deps.prisma)).filter((e) => e.orgId === orgId)
    expect(events.map((e) => e.data)).toEqual([
      { kind: 'section', estimateId: id, jobId: null, writer: 'built-in', contentBlocks: { scope_of_work: res.body.content } },
    ])
  })

  it('refuses an unknown section type with 400 naming the field', async () => {
    const { api, id } = orgWithEstimate()
    const res = await api('POST', `/estimates/${id}/generate-content/summary`)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].field).toBe('type')
  })

  it('writes about a bare estimate without empty placeholders', async () => {
    const { api, id } = orgWithEstimate(bareDocument())
    for (const type of CONTENT_SECTION_TYPES) {
      const res = await api('POST', `/estimates/${id}/generate-content/${type}`)
      expect(res.status).toBe(200)
      expect(res.body.content).not.toMatch(/undefined|null|NaN|\$0\b/)
    }
  })

  it('a Viewer may read but not generate', async () => {
    const { orgId, id } = orgWithEstimate()
    const viewer = svc.as(orgId, { permissions: SYSTEM_ROLE_PERMISSIONS.Viewer })
    expect((await viewer('POST', `/estimates/${id}/generate-content/timeline`)).status).toBe(403)
    expect((await viewer('GET', `/estimates/${id}/content-sections/timeline/chat`)).status).toBe(200)
  })
})

describe('section chat', () => {
  it('answers with a proposal, stores the thread oldest first and writes chat events', async () => {
    const existing = 'We will replace the roof. The crew is great! We will clean up after ourselves every day. It is a big job.'
    const { orgId, api, id } = orgWithEstimate(roofDocument({ contentSections: { executive_summary: existing } }))
    const path = `/estimates/${id}/content-sections/executive_summary/chat`
    expect((await api('GET', path)).body).toEqual([])
    const first = await api('POST', path, { message: '  Make it more formal and mention the warranty  ' })
    expect(first.status, first.text).toBe(201)
    const msg = ZChatMessage.parse(first.body)
    expect(msg.userMessage).toBe('Make it more formal and mention the warranty')
    expect(msg.writer).toBe('built-in')
    expect(msg.proposedContent).toContain('We will replace the roof. The crew is excellent.')
    expect(msg.proposedContent).toMatch(/warranty/)
    expect(msg.proposedContent).not.toContain('!')
    expect(msg.aiResponse).toMatch(/formal/)
    expect(msg.aiResponse).toMatch(/warranty/)
    const second = await api('POST', path, { message: 'what is the total?' })
    expect(second.body.proposedContent).toBeNull()
    expect(second.body.aiResponse).toMatch(/\$\d/)
    const list = await api('GET', path)
    expect(list.status).toBe(200)
    expect(list.body.map((m: { id: string }) => m.id)).toEqual([first.body.id, second.body.id])
    // Another section's thread is separate.
    expect((await api('GET', `/estimates/${id}/content-sections/timeline/chat`)).body).toEqual([])
    const events = (await generationEvents(svc.deps.prisma)).filter((e) => e.orgId === orgId)
    expect(events.map((e) => e.data.kind)).toEqual(['chat', 'chat'])
    expect(events[0].data.contentBlocks).toEqual({ executive_summary: msg.proposedContent })
    expect(events[1].data.contentBlocks).toEqual({})
  })

  it('refuses an empty message with 400 and stores nothing', async () => {
    const { api, id } = orgWithEstimate()
    const path = `/estimates/${id}/content-sections/timeline/chat`
    for (const body of [{ message: '   ' }, { message: '' }, {}, { message: 12 }]) {
      const res = await api('POST', path, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errors[0].field).toBe('message')
    }
    expect((await api('GET', path)).body).toEqual([])
  })

  it("another organisation's estimate is 404 for reading and writing", async () => {
    const victim = orgWithEstimate()
    const attacker = orgWithEstimate()
    const path = `/estimates/${victim.id}/content-sections/timeline/chat`
    await victim.api('POST', path, { message: 'make it shorter' })
    expect((await attacker.api('GET', path)).status).toBe(404)
    expect((await attacker.api('POST', path, { message: 'make it shorter' })).status).toBe(404)
  })
})

describe('/ai routes', () => {
  it('provider info names the built-in writer', async () => {
    const orgId = newOrgId()
    const res = await svc.raw(orgId)('GET', `/ai/provider?organizationId=${orgId}`)
    expect(res.status).toBe(200)
    expect(ZAiProviderInfo.parse(res.body)).toEqual({ writer: 'built-in', model: null, label: 'Built-in writer (no external AI)' })
    expect((await svc.raw(orgId)('GET', '/ai/provider')).status).toBe(400)
    expect((await svc.raw(orgId)('GET', `/ai/provider?organizationId=${newOrgId()}`)).status).toBe(404)
  })

  it('generate-content writes five headed sections from the prompt and property data, and counts as a preview', async () => {
    const orgId = newOrgId()
    const prompt =
      'Create a proposal.\nProject Name: Oak Street Kitchen\nClient: Sam Lee\nAddress: 4 Oak Street, Austin, TX\nTotal Cost: $42,000\nSpecial Features: Quartz counters'
    const propertyData = {
      property: {
        formattedAddress: '4 Oak St, Austin, TX 78701',
        yearBuilt: 1987,
        bedrooms: 3,
        bathrooms: 2,
        squareFootage: 1650,
        propertyType: 'Single family',
      },
      fireHazard: { riskLevel: 'Low', zone: null, description: '', recommendations: [] },
    }
    const res = await svc.raw(orgId)('POST', '/ai/generate-content', { organizationId: orgId, prompt, projectType: 'Kitchen Remodel', propertyData })
    expect(res.status, res.text).toBe(200)
    expect(res.body.writer).toBe('built-in')
    for (const heading of ['Executive Summary', 'Project Overview', 'Scope of Work', 'Timeline Considerations', 'Quality Assurance Notes'])
      expect(res.body.content).toContain(heading)
    expect(res.body.content).toContain('Oak Street Kitchen')
    expect(res.body.content).toContain('$42,000')
    expect(res.body.content).toContain('built in 1987')
    expect(res.body.content).toContain('kitchen remodel')
    expect(res.body.content).not.toMatch(/undefined|null/)
    const events = (await generationEvents(svc.deps.prisma)).filter((e) => e.orgId === orgId)
    expect(events.map((e) => e.data)).toEqual([{ kind: 'preview', estimateId: null, jobId: null, writer: 'built-in', contentBlocks: {} }])
  })

  it('generate-content for another organisation, or with no organisation in the identity, is 404; a blank prompt is 400', async () => {
    const orgId = newOrgId()
    expect((await svc.raw(orgId)('POST', '/ai/generate-content', { organizationId: newOrgId(), prompt: 'x' })).status).toBe(404)
    const noOrg = await svc.raw(orgId)('POST', '/ai/generate-content', { organizationId: orgId, prompt: '  ' })
    expect(noOrg.status).toBe(400)
    expect(noOrg.body.errors).toEqual([{ field: 'prompt', message: 'Prompt is required' }])
    expect((await svc.raw(null)('POST', '/ai/generate-content', { organizationId: orgId, prompt: 'x' })).status).toBe(401)
  })
})
