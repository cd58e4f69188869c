import { ZEstimateRevision, ZPublicEstimate, ZRevisionDiffResult } from '@plumbline/contracts'
import type { Api } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, newOrgId } from '../support/estimates-test-service.js'
import { createProfile, type PricingTestService, startPricingService } from '../support/pricing-fixtures.js'

// Revisions: what the client could see, frozen at each send and at each view of the link after an
// edit (never twice the same), the client's "Updated since you last viewed" with what changed, and
// the team's list and diff between any two. Built from the client's view only: nothing internal.

let svc: PricingTestService
beforeAll(async () => {
  svc = await startPricingService()
})
afterAll(async () => {
  await svc?.close()
})

const INTERNAL = ['INTERNAL', 'overheadPercentage', '17.35', 'qa_notes', 'meetingTranscript', 'vendor', 'partNumber', 'notes']

/** An itemised estimate, sent to the client, with contractor-only facts on every level. */
async function sentEstimate(orgId: string, userId = 'user-casey') {
  svc.settings.set(orgId, { enableLineItems: true, companyName: 'Acme Roofing' })
  const api = svc.as(orgId, { userId })
  const estimate = await createEstimate(api, { meetingTranscript: 'INTERNAL transcript', specialFeatures: 'INTERNAL features' })
  await api('PATCH', `/estimates/${estimate.id}/content/scope_of_work`, { content: 'Tear off and replace the roof.' })
  await api('PATCH', `/estimates/${estimate.id}/content/qa_notes`, { content: 'INTERNAL qa notes' })
  const section = (await api('POST', `/estimates/${estimate.id}/sections`, { name: 'Roofing' })).body
  const created = await api('POST', `/sections/${section.id}/line-items`, {
    name: 'Shingles',
    description: 'Architectural, 30-year',
    quantity: 20,
    unit: 'sqft',
    unitCost: '100.00',
    vendor: 'INTERNAL vendor',
    notes: 'INTERNAL note',
    partNumber: 'INTERNAL-PART',
  })
  expect(created.status).toBe(201)
  const shingles = created.body
  const markup = await createProfile(api, 'markup-profiles', { name: 'INTERNAL markup', overheadPercentage: 17.35, profitPercentage: 0 })
  await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: markup.id, taxProfileIds: [] })
  const sent = await api('POST', `/estimates/${estimate.id}/send`, { to: ['jane@example.com'] })
  expect(sent.status).toBe(202)
  const token = (sent.body.shareUrl as string).split('/share/')[1]!
  return { api, estimate, section, shingles, token }
}

const revisionsOf = async (api: Api, estimateId: string) => {
  const res = await api('GET', `/estimates/${estimateId}/revisions`)
  expect(res.status).toBe(200)
  return ZEstimateRevision.array().parse(res.body)
}

const view = async (token: string, userId?: string) => {
  const res = await svc.publicCall('GET', token, '', undefined, userId ? { userId } : {})
  expect(res.status).toBe(200)
  return { text: res.text, body: ZPublicEstimate.parse(res.body) }
}

const updateShingles = (api: Api, id: string, over: Record<string, unknown>) =>
  api('PUT', `/line-items/${id}`, {
    name: 'Shingles',
    description: 'Architectural, 30-year',
    quantity: 20,
    unit: 'sqft',
    unitCost: '100.00',
    vendor: 'INTERNAL vendor',
    notes: 'INTERNAL note',
    ...over,
  })

describe('revisions', () => {
  it('a send freezes one; the client sees what changed after an edit, once; the team lists and diffs them', async () => {
    const orgId = newOrgId()
    const { api, estimate, section, shingles, token } = await sentEstimate(orgId)

    const [first, ...none] = await revisionsOf(api, estimate.id)
    expect(none).toEqual([])
    expect(first).toMatchObject({
      number: 1,
      reason: 'sent',
      actorId: 'user-casey',
      actorEmail: expect.stringMatching(/@example\.com$/),
      totalCost: '10000.00',
    })
    // 2000.00 base + 17.35 % overhead.
    expect(first!.grandTotal).toBe('2347.00')

    // The client's first view: nothing to compare with, and nothing new to freeze.
    const firstView = await view(token)
    expect(firstView.body.sinceLastView).toBeNull()
    expect(firstView.body.sections![0]!.lineItems[0]).toMatchObject({ description: 'Architectural, 30-year', unitCost: '100.00', quantity: '20.000' })
    expect(await revisionsOf(api, estimate.id)).toHaveLength(1)

    // The contractor changes a quantity and adds an item.
    expect((await updateShingles(api, shingles.id, { quantity: 24 })).status).toBe(200)
    const gutters = (await api('POST', `/sections/${section.id}/line-items`, { name: 'Gutter guards', quantity: 40, unit: 'lnft', unitCost: '12.00' })).body

    // Their own preview of the link records nothing.
    svc.memberships.set('user-casey', [orgId])
    expect((await view(token, 'user-casey')).body.sinceLastView).toBeNull()
    expect(await revisionsOf(api, estimate.id)).toHaveLength(1)

    // The client's next view freezes what they see and says what changed since the last time.
    const second = await view(token)
    for (const word of INTERNAL) expect(second.text, `public page leaks ${word}`).not.toContain(word)
    const changes = second.body.sinceLastView!
    expect(changes.since).toEqual(expect.any(String))
    expect(changes.diff).toMatchObject({
      changed: true,
      details: [],
      contentSections: [],
      phases: [],
      sections: [
        {
          id: section.id,
          change: 'changed',
          name: 'Roofing',
          before: { total: '2000.00' },
          after: { total: '2880.00' },
          changed: ['total'],
          lineItems: [
            {
              id: shingles.id,
              change: 'changed',
              before: { quantity: '20.000', totalCost: '2000.00' },
              after: { quantity: '24.000', totalCost: '2400.00' },
              changed: ['quantity', 'totalCost'],
            },
            {
              id: gutters.id,
              change: 'added',
              name: 'Gutter guards',
              before: null,
              after: { quantity: '40.000', unit: 'lnft', unitCost: '12.00', totalCost: '480.00' },
            },
          ],
        },
      ],
      totals: { totalCost: { before: '10000.00', after: '10000.00' }, grandTotal: { before: '2347.00', after: '3379.68' }, changed: true },
    })
    const revisions = await revisionsOf(api, estimate.id)
    expect(revisions.map((r) => [r.number, r.reason, r.actorId, r.grandTotal])).toEqual([
      [2, 'viewed', null, '3379.68'],
      [1, 'sent', 'user-casey', '2347.00'],
    ])

    // Seen now: the next view has nothing new, and freezes nothing.
    expect((await view(token)).body.sinceLastView).toBeNull()
    expect(await revisionsOf(api, estimate.id)).toHaveLength(2)

    // The team's diff between the two is the client's.
    const diff = await api('GET', `/estimates/${estimate.id}/revisions/diff?from=${revisions[1]!.id}&to=${revisions[0]!.id}`)
    expect(diff.status).toBe(200)
    const parsed = ZRevisionDiffResult.parse(diff.body)
    expect(parsed.from).toEqual(revisions[1])
    expect(parsed.to).toEqual(revisions[0])
    expect(parsed.diff).toEqual(changes.diff)
    for (const word of INTERNAL) expect(diff.text, `diff leaks ${word}`).not.toContain(word)
    // Backwards, the same changes the other way; a revision with itself, none.
    const back = ZRevisionDiffResult.parse((await api('GET', `/estimates/${estimate.id}/revisions/diff?from=${revisions[0]!.id}&to=${revisions[1]!.id}`)).body)
    expect(back.diff.sections[0]!.lineItems.map((i) => i.change)).toEqual(['changed', 'removed'])
    const same = ZRevisionDiffResult.parse((await api('GET', `/estimates/${estimate.id}/revisions/diff?from=${revisions[0]!.id}&to=${revisions[0]!.id}`)).body)
    expect(same.diff.changed).toBe(false)
  })

  it('freezes nothing new when nothing the client sees changed (sends, views, contractor-only edits)', async () => {
    const orgId = newOrgId()
    const { api, estimate, shingles, token } = await sentEstimate(orgId)
    await view(token)
    // Internal notes, vendor, the meeting transcript and Q&A notes: none of it is on the client's page.
    expect((await updateShingles(api, shingles.id, { notes: 'INTERNAL other note', vendor: 'INTERNAL other vendor' })).status).toBe(200)
    await api('PATCH', `/estimates/${estimate.id}/content/qa_notes`, { content: 'INTERNAL more qa notes' })
    expect((await api('POST', `/estimates/${estimate.id}/send`, { to: ['jane@example.com'] })).status).toBe(202)
    expect((await view(token)).body.sinceLastView).toBeNull()
    expect(await revisionsOf(api, estimate.id)).toHaveLength(1)

    // A content section the client sees, edited and sent: one new revision, by the send.
    await api('PATCH', `/estimates/${estimate.id}/content/scope_of_work`, { content: 'Tear off, replace the roof and the gutters.' })
    expect((await api('POST', `/estimates/${estimate.id}/send`, { to: ['jane@example.com'] }, { 'idempotency-key': 'k-1' })).status).toBe(202)
    expect((await api('POST', `/estimates/${estimate.id}/send`, { to: ['jane@example.com'] }, { 'idempotency-key': 'k-1' })).status).toBe(202)
    expect((await revisionsOf(api, estimate.id)).map((r) => [r.number, r.reason])).toEqual([
      [2, 'sent'],
      [1, 'sent'],
    ])
    const seen = await view(token)
    expect(seen.body.sinceLastView?.diff.contentSections).toEqual([
      {
        type: 'scope_of_work',
        title: 'Scope of Work',
        change: 'changed',
        before: 'Tear off and replace the roof.',
        after: 'Tear off, replace the roof and the gutters.',
      },
    ])
    expect(await revisionsOf(api, estimate.id)).toHaveLength(2)
  })

  it('a regenerated link is a new link: its first view shows no changes', async () => {
    const orgId = newOrgId()
    const { api, estimate, shingles, token } = await sentEstimate(orgId)
    await view(token)
    await updateShingles(api, shingles.id, { unitCost: '110.00' })
    const fresh = (await api('POST', `/estimates/${estimate.id}/share`)).body.shareToken as string
    expect(fresh).not.toBe(token)
    expect((await view(fresh)).body.sinceLastView).toBeNull()
    const revisions = await revisionsOf(api, estimate.id)
    expect(revisions.map((r) => r.reason)).toEqual(['viewed', 'sent'])
  })

  it('answers 400 naming the field for a bad query, 404 for a revision the estimate does not have, and 404 across organisations', async () => {
    const orgId = newOrgId()
    const { api, estimate } = await sentEstimate(orgId)
    const [rev] = await revisionsOf(api, estimate.id)
    const other = await createEstimate(api)
    const base = `/estimates/${estimate.id}/revisions/diff`
    for (const [query, field] of [
      ['', 'from'],
      [`?from=${rev!.id}`, 'to'],
      [`?to=${rev!.id}`, 'from'],
      [`?from=not-a-uuid&to=${rev!.id}`, 'from'],
      [`?from=${rev!.id}&to=${rev!.id}&to=${rev!.id}`, 'to'],
    ] as const) {
      const res = await api('GET', `${base}${query}`)
      expect(res.status, query).toBe(400)
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field)
    }
    const unknown = '0190f2a0-0000-7000-8000-000000000000'
    expect((await api('GET', `${base}?from=${rev!.id}&to=${unknown}`)).status).toBe(404)
    // Another estimate of the same organisation does not have this revision.
    expect((await api('GET', `/estimates/${other.id}/revisions/diff?from=${rev!.id}&to=${rev!.id}`)).status).toBe(404)
    expect((await api('GET', `/estimates/${other.id}/revisions`)).body).toEqual([])

    const stranger = svc.as(newOrgId())
    expect((await stranger('GET', `/estimates/${estimate.id}/revisions`)).status).toBe(404)
    expect((await stranger('GET', `/estimates/${estimate.id}/revisions/diff?from=${rev!.id}&to=${rev!.id}`)).status).toBe(404)
  })
})
