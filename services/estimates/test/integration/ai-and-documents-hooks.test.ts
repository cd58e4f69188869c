import { type AiGenerationCompletedV1, RequestSubjects, Subjects, ZEstimateDocumentReply } from '@plumbline/contracts'
import { createEnvelope, type EventConsumer, request } from '@plumbline/messaging'
import { publishEnvelope, waitForConsumer } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEstimatesConsumers } from '../../src/consumers/consumers.js'
import { startEstimateDocumentResponder } from '../../src/consumers/estimate-document-responder.js'
import { createEstimate, type EstimatesTestService, newOrgId, startEstimatesTestService } from '../support/estimates-test-service.js'

// The two hooks issue 4 needs from the estimates service: the estimate document the ai and
// documents services ask for, and the consumer that keeps a finished AI job's text.

let svc: EstimatesTestService
let consumers: EventConsumer[]
let responder: { stop(): Promise<void> }
beforeAll(async () => {
  svc = await startEstimatesTestService()
  responder = startEstimateDocumentResponder(svc.deps)
  consumers = await startEstimatesConsumers(svc.deps)
})
afterAll(async () => {
  for (const c of consumers ?? []) await c.stop()
  await responder?.stop()
  await svc?.close()
})

const askDocument = async (orgId: string, estimateId: string) =>
  request(svc.deps.bus, RequestSubjects.estimateDocument, { orgId, estimateId }, { schema: ZEstimateDocumentReply })

describe('rpc.estimates.document.get', () => {
  it('answers the estimate with phases, sections and line items, content links and computed totals', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api, { specialFeatures: 'Skylights' })
    const section = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Tear-off' })).body
    await api('POST', `/sections/${section.id}/line-items`, { name: 'Dumpster', quantity: '2', unitCost: '450.00' })
    await api('PATCH', `/estimates/${e.id}/content/executive_summary`, { content: 'We will replace the roof.' })

    const reply = await askDocument(orgId, e.id)
    if (!reply.found) throw new Error('expected the estimate')
    const doc = reply.document
    expect(doc.estimate).toMatchObject({ id: e.id, projectName: 'Smith Roof Replacement', specialFeatures: 'Skylights' })
    expect(doc.estimate.contentSections.executive_summary).toBe('We will replace the roof.')
    expect(doc.phases.length).toBeGreaterThan(0)
    expect(doc.sections).toHaveLength(1)
    expect(doc.sections[0]!.lineItems[0]).toMatchObject({ name: 'Dumpster', totalCost: '900.00' })
    expect(doc.contentLinks.map((l) => l.role)).toEqual(['executive_summary', 'project_overview', 'scope_of_work', 'timeline', 'qa_notes'])
    expect(doc.pricing.totals.baseTotal).toBe('900.00')
  })

  it("answers found: false for another organisation's estimate, an unknown id and a non-uuid", async () => {
    const owner = newOrgId()
    const e = await createEstimate(svc.as(owner))
    expect(await askDocument(newOrgId(), e.id)).toEqual({ found: false })
    expect(await askDocument(owner, '00000000-0000-4000-8000-000000000000')).toEqual({ found: false })
    expect(await askDocument(owner, 'not-a-uuid')).toEqual({ found: false })
  })
})

describe('estimates-on-ai-generation-completed-v1', () => {
  const DURABLE = 'estimates-on-ai-generation-completed-v1'
  const generated = (orgId: string, data: Partial<AiGenerationCompletedV1>) =>
    createEnvelope<AiGenerationCompletedV1>({
      type: Subjects.aiGenerationCompleted,
      orgId,
      actorId: 'user-1',
      data: { kind: 'generate_all', estimateId: null, jobId: 'job-1', writer: 'built-in', contentBlocks: {}, ...data },
    })

  it("fills only the empty sections of a finished generate-all job, once, and never touches a person's text", async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    await api('PATCH', `/estimates/${e.id}/content/scope_of_work`, { content: 'My own scope.' })
    const event = generated(orgId, {
      estimateId: e.id,
      contentBlocks: { executive_summary: ' AI summary. ', scope_of_work: 'AI scope.', timeline: '   ', qa_notes: 'AI QA.' },
    })
    await publishEnvelope(svc.deps.bus, event)
    await publishEnvelope(svc.deps.bus, event)
    await waitForConsumer(svc.deps.bus, DURABLE, 'ai')

    const after = (await api('GET', `/estimates/${e.id}`)).body
    expect(after.contentSections).toMatchObject({ executive_summary: 'AI summary.', scope_of_work: 'My own scope.', qa_notes: 'AI QA.' })
    expect(after.contentSections.timeline ?? null).toBeNull()
    expect(await svc.deps.prisma.outboxEvent.count({ where: { subject: { endsWith: Subjects.estimateUpdated } } })).toBeGreaterThan(0)
    expect(await svc.deps.prisma.processedEvent.count({ where: { consumer: { endsWith: DURABLE }, eventId: event.id } })).toBe(1)
  })

  it('replaces text saved before the job was requested, keeps text saved while it ran, and marks what it wrote not customised', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    await api('PATCH', `/estimates/${e.id}/content/executive_summary`, { content: 'Old summary.' })
    const requestedAt = new Date().toISOString()
    await new Promise((r) => setTimeout(r, 5))
    await api('PATCH', `/estimates/${e.id}/content/timeline`, { content: 'Typed while the job ran.' })
    await publishEnvelope(
      svc.deps.bus,
      generated(orgId, { estimateId: e.id, requestedAt, contentBlocks: { executive_summary: 'New summary.', timeline: 'AI timeline.', qa_notes: 'AI QA.' } }),
    )
    await waitForConsumer(svc.deps.bus, DURABLE, 'ai')

    const after = (await api('GET', `/estimates/${e.id}`)).body
    expect(after.contentSections).toMatchObject({ executive_summary: 'New summary.', timeline: 'Typed while the job ran.', qa_notes: 'AI QA.' })
    const links = (await api('GET', `/estimates/${e.id}/content-links`)).body as { role: string; isCustomized: boolean }[]
    const customised = Object.fromEntries(links.map((l) => [l.role, l.isCustomized]))
    expect(customised).toMatchObject({ executive_summary: false, timeline: true, qa_notes: false })
  })

  // Probe 2026-11-29, finding 6: generated text went live on the client's link at once.
  it('keeps what it writes on a shared estimate off the client page until the contractor shows it; an unshared one keeps its flags', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const shared = await createEstimate(api)
    expect((await api('POST', `/estimates/${shared.id}/share`)).status).toBe(201)
    const unshared = await createEstimate(api)
    for (const e of [shared, unshared])
      await publishEnvelope(
        svc.deps.bus,
        generated(orgId, { estimateId: e.id, contentBlocks: { executive_summary: 'AI summary.', scope_of_work: 'AI scope.' } }),
      )
    await waitForConsumer(svc.deps.bus, DURABLE, 'ai')
    const shown = async (id: string) =>
      Object.fromEntries(
        ((await api('GET', `/estimates/${id}/content-links`)).body as { role: string; showToClient: boolean }[]).map((l) => [l.role, l.showToClient]),
      )
    expect((await api('GET', `/estimates/${shared.id}`)).body.contentSections).toMatchObject({ executive_summary: 'AI summary.', scope_of_work: 'AI scope.' })
    expect(await shown(shared.id)).toMatchObject({ executive_summary: false, scope_of_work: false })
    expect(await shown(unshared.id)).toMatchObject({ executive_summary: true, scope_of_work: true })
  })

  it("ignores single-section generations, another organisation's estimate and a locked (approved) estimate", async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const open = await createEstimate(api)
    const locked = await createEstimate(api)
    await svc.deps.prisma.estimate.update({ where: { id: locked.id }, data: { lockedAt: new Date() } })

    await publishEnvelope(svc.deps.bus, generated(orgId, { kind: 'section', estimateId: open.id, contentBlocks: { timeline: 'Section text.' } }))
    await publishEnvelope(svc.deps.bus, generated(newOrgId(), { estimateId: open.id, contentBlocks: { timeline: 'Foreign text.' } }))
    await publishEnvelope(svc.deps.bus, generated(orgId, { estimateId: locked.id, contentBlocks: { timeline: 'Locked text.' } }))
    await waitForConsumer(svc.deps.bus, DURABLE, 'ai')

    expect((await api('GET', `/estimates/${open.id}`)).body.contentSections.timeline ?? null).toBeNull()
    expect((await api('GET', `/estimates/${locked.id}`)).body.contentSections.timeline ?? null).toBeNull()
  })
})
