import { RequestSubjects, Subjects, SYSTEM_ROLE_PERMISSIONS, ZEstimate } from '@plumbline/contracts'
import { reply } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, newOrgId } from '../support/estimates-test-service.js'
import { addSection, createProfile, outboxSubjects, type PricingTestService, startPricingService } from '../support/pricing-fixtures.js'

// POST …/estimates/{id}/clone (spec 001 §6 contractor mode): a new draft with everything the
// contractor worked on, and nothing the client did.

let svc: PricingTestService
beforeAll(async () => {
  svc = await startPricingService()
})
afterAll(async () => {
  await svc?.close()
})

const without = <T extends Record<string, unknown>>(rows: T[], ...keys: string[]) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))))

describe('POST /estimates/:id/clone', () => {
  it('copies sections, line items, phases, content, visibility and profiles into a new draft, without the share link or the approval', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const source = await createEstimate(api, { meetingTranscript: 'Client wants it before winter.' })
    await addSection(api, source.id, 'Roof', [
      { name: 'Shingles', quantity: '20', unitCost: '95.50', isMaterial: true },
      { name: 'Crew', quantity: '16', unitCost: '55', isLabor: true, applyTax: false },
    ])
    await addSection(api, source.id, 'Gutters', [{ name: 'Gutter run', quantity: '40', unitCost: '12.25', isSubcontractor: true }])
    expect((await api('PATCH', `/estimates/${source.id}/content/executive_summary`, { content: 'A new roof before winter.' })).status).toBe(200)
    const links = (await api('GET', `/estimates/${source.id}/content-links`)).body
    const qa = links.find((l: { role: string }) => l.role === 'qa_notes')
    await api('PATCH', `/estimates/${source.id}/content-links/${qa.id}/visibility`, { showToClient: false, includeInPdf: false, includeInWebLink: false })
    const template = await createProfile(api, 'taxes', { name: 'State', rate: '0.06' })
    const own = await createProfile(api, 'markup-profiles', { name: 'Just this job', overheadPercentage: 12, estimateId: source.id })
    const ownTax = await createProfile(api, 'taxes', { name: 'City', rate: '0.01', estimateId: source.id })
    await api('PUT', `/estimates/${source.id}/pricing`, { markupProfileId: own.id, taxProfileIds: [template.id, ownTax.id] })
    // The client saw and approved the original.
    const token = (await api('POST', `/estimates/${source.id}/share`)).body.shareToken
    const seen = await svc.publicCall('GET', token)
    expect((await svc.publicCall('POST', token, '/approve', { signerName: 'Ana', consent: true, snapshotSha256: seen.body.snapshotSha256 })).status).toBe(200)

    const res = await api('POST', `/estimates/${source.id}/clone`)
    expect(res.status, res.text).toBe(201)
    const clone = ZEstimate.parse(res.body)
    const original = (await api('GET', `/estimates/${source.id}`)).body
    expect(clone.id).not.toBe(source.id)
    expect(clone).toMatchObject({
      projectName: `${original.projectName} (Copy)`,
      clientName: original.clientName,
      propertyAddress: original.propertyAddress,
      totalCost: original.totalCost,
      meetingTranscript: 'Client wants it before winter.',
      status: 'draft',
      shareToken: null,
      approval: null,
    })
    expect(clone.contentSections).toEqual(original.contentSections)
    expect(original).toMatchObject({ status: 'approved', shareToken: token })

    const read = async (id: string) => ({
      sections: (await api('GET', `/estimates/${id}/sections`)).body,
      phases: (await api('GET', `/estimates/${id}/phases`)).body,
      links: (await api('GET', `/estimates/${id}/content-links`)).body,
      pricing: (await api('GET', `/estimates/${id}/pricing`)).body,
    })
    const [a, b] = [await read(source.id), await read(clone.id)]
    const items = (s: { lineItems: Record<string, unknown>[] }[]) => s.flatMap((x) => without(x.lineItems, 'id', 'sectionId', 'estimateId'))
    expect(without(b.sections, 'id', 'estimateId', 'lineItems')).toEqual(without(a.sections, 'id', 'estimateId', 'lineItems'))
    expect(items(b.sections)).toEqual(items(a.sections))
    expect(items(b.sections)).toHaveLength(3)
    expect(without(b.phases, 'id', 'estimateId')).toEqual(without(a.phases, 'id', 'estimateId'))
    expect(without(b.links, 'id')).toEqual(without(a.links, 'id'))
    // Same figures; its own markup and city tax are copies, the org's state tax template is shared.
    const figures = (t: { taxes: { taxProfileId: string }[] }) => ({ ...t, taxes: without(t.taxes, 'taxProfileId') })
    expect(figures(b.pricing.totals)).toEqual(figures(a.pricing.totals))
    expect(Number(b.pricing.totals.taxTotal)).toBeGreaterThan(0)
    expect(b.pricing.markupProfileId).not.toBe(own.id)
    expect(b.pricing.taxProfileIds).toContain(template.id)
    expect(b.pricing.taxProfileIds).not.toContain(ownTax.id)
    expect(await svc.deps.prisma.markupProfile.count({ where: { estimateId: clone.id } })).toBe(1)
    expect(await svc.deps.prisma.taxProfile.count({ where: { estimateId: clone.id } })).toBe(1)
    // Editing the clone leaves the original alone (and the clone is not locked by the original's approval).
    const put = await api('PUT', `/markup-profiles/${b.pricing.markupProfileId}`, { name: 'Just this job', overheadPercentage: 30 })
    expect(put.status, put.text).toBe(200)
    expect((await api('GET', `/estimates/${source.id}/pricing`)).body.totals).toEqual(a.pricing.totals)

    expect(await svc.deps.prisma.shareLink.count({ where: { estimateId: clone.id } })).toBe(0)
    expect(await svc.deps.prisma.estimateApproval.count({ where: { estimateId: clone.id } })).toBe(0)
    const row = await svc.deps.prisma.estimate.findUniqueOrThrow({ where: { id: clone.id } })
    expect(row).toMatchObject({ lockedAt: null, viewedAt: null, reopenedAt: null, createdBy: `user-${orgId}` })
    expect(await outboxSubjects(svc, clone.id)).toEqual([Subjects.estimateCreated])
    // The approved original still takes no edits; its clone is where the work goes on.
    expect((await api('PATCH', `/estimates/${source.id}/content/executive_summary`, { content: 'x' })).status).toBe(409)
  })

  it('honours an Idempotency-Key, checks the monthly quota, needs create, and answers 404 for another organisation or a deleted estimate', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const source = await createEstimate(api)
    const headers = { 'Idempotency-Key': 'clone-1' }
    const first = await api('POST', `/estimates/${source.id}/clone`, undefined, headers)
    const again = await api('POST', `/estimates/${source.id}/clone`, undefined, headers)
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.body.id).toBe(first.body.id)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await svc.deps.prisma.estimate.count({ where: { organizationId: orgId } })).toBe(2)

    const replier = reply(svc.deps.bus, RequestSubjects.quotaCheck, async (data) =>
      (data as { orgId: string }).orgId === orgId ? { allowed: false, used: 50, limit: 50 } : { allowed: true, used: 1, limit: 50 },
    )
    try {
      const refused = await api('POST', `/estimates/${source.id}/clone`)
      expect(refused.status).toBe(429)
      expect(refused.body.code).toBe('ESTIMATE_LIMIT_REACHED')
      expect(await svc.deps.prisma.estimate.count({ where: { organizationId: orgId } })).toBe(2)
      // An unknown estimate is the answer even at the limit.
      expect((await api('POST', '/estimates/00000000-0000-4000-8000-000000000000/clone')).status).toBe(404)
    } finally {
      await replier.stop()
    }
    expect((await svc.as(orgId, { permissions: SYSTEM_ROLE_PERMISSIONS.Viewer, userId: 'v' })('POST', `/estimates/${source.id}/clone`)).status).toBe(403)
    expect((await svc.as(newOrgId())('POST', `/estimates/${source.id}/clone`)).status).toBe(404)
    expect((await api('POST', '/estimates/not-a-uuid/clone')).status).toBe(404)
    expect((await api('DELETE', `/estimates/${source.id}`)).status).toBe(204)
    expect((await api('POST', `/estimates/${source.id}/clone`)).status).toBe(404)
  })
})
