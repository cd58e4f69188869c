import { Subjects, SYSTEM_ROLE_PERMISSIONS, ZEstimatePricing, ZEstimateTotals } from '@plumbline/contracts'
import type { Api } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, newOrgId } from '../support/estimates-test-service.js'
import { addSection, createProfile, outboxSubjects, type PricingTestService, startPricingService } from '../support/pricing-fixtures.js'

// The worked example of libs/contracts/src/money/totals.ts, end to end: line items through core's API,
// profiles and the selection through ours, totals from the server.

let svc: PricingTestService

beforeAll(async () => {
  svc = await startPricingService()
})
afterAll(async () => {
  await svc?.close()
})

async function workedExample(api: Api) {
  const estimate = await createEstimate(api)
  await addSection(api, estimate.id, 'Work', [
    { name: 'A crew', quantity: '10', unitCost: '45.00', isLabor: true },
    { name: 'B shingles', quantity: '120.5', unitCost: '3.19', isMaterial: true },
    { name: 'C lift', quantity: '1', unitCost: '275.00', isEquipment: true, applyMarkup: false },
  ])
  await addSection(api, estimate.id, 'More', [
    { name: 'D gutters sub', quantity: '1', unitCost: '1200.00', isSubcontractor: true },
    { name: 'E permit', quantity: '1', unitCost: '99.99' },
    { name: 'F nails', quantity: '2', unitCost: '12.34', isMaterial: true, applyTax: false },
  ])
  const markup = await createProfile(api, 'markup-profiles', {
    name: 'Example',
    overheadPercentage: 20,
    profitPercentage: 15,
    contingencyPercentage: 5,
    laborMarkupPercentage: 2.5,
    materialMarkupPercentage: 10,
    equipmentMarkupPercentage: 15,
    subcontractorMarkupPercentage: 5,
  })
  const taxes = [
    await createProfile(api, 'taxes', { name: 'T1', rate: '0.0825' }),
    await createProfile(api, 'taxes', { name: 'T2', rate: '0.01', applyToLabor: true, applyToMaterials: false, applyToEquipment: false, minimumAmount: 10 }),
    await createProfile(api, 'taxes', {
      name: 'T3',
      rate: '0.02',
      applyToSubcontractors: true,
      applyToMaterials: false,
      applyToEquipment: false,
      maximumAmount: 20,
    }),
    await createProfile(api, 'taxes', { name: 'T4', rate: '0.05', applyToMaterials: false, exemptionThreshold: 385 }),
    await createProfile(api, 'taxes', { name: 'T5', rate: '0.5', isActive: false, applyToLabor: true, applyToSubcontractors: true }),
  ]
  return { estimate, markup, taxes }
}

const EXPECTED = {
  baseTotal: '2434.07',
  overhead: '486.81',
  profit: '365.11',
  contingency: '121.70',
  costTypeMarkup: '112.16',
  markupTotal: '1085.78',
  subtotalWithMarkup: '3519.85',
  taxTotal: '109.33',
  grandTotal: '3629.18',
}

describe('PUT /estimates/{id}/pricing and GET /estimates/{id}/totals', () => {
  it('computes the worked example exactly from stored line items and the selected profiles', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const { estimate, markup, taxes } = await workedExample(api)

    const before = await api('GET', `/estimates/${estimate.id}/totals`)
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({ baseTotal: '2434.07', markupTotal: '0.00', taxTotal: '0.00', grandTotal: '2434.07', taxes: [] })

    // The order of the ids sent does not matter: taxes are listed by name.
    const put = await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: markup.id, taxProfileIds: [...taxes].reverse().map((t) => t.id) })
    expect(put.status).toBe(200)
    const pricing = ZEstimatePricing.parse(put.body)
    expect(pricing.markupProfileId).toBe(markup.id)
    expect(new Set(pricing.taxProfileIds)).toEqual(new Set(taxes.map((t) => t.id)))
    expect(pricing.totals).toMatchObject(EXPECTED)
    expect(pricing.totals.taxes).toEqual([
      { taxProfileId: taxes[0].id, name: 'T1', amount: '79.33' },
      { taxProfileId: taxes[1].id, name: 'T2', amount: '10.00' },
      { taxProfileId: taxes[2].id, name: 'T3', amount: '20.00' },
      { taxProfileId: taxes[3].id, name: 'T4', amount: '0.00' },
    ])

    const totals = await api('GET', `/estimates/${estimate.id}/totals`)
    expect(ZEstimateTotals.parse(totals.body)).toEqual(pricing.totals)
    expect((await api('GET', `/estimates/${estimate.id}/pricing`)).body).toEqual(put.body)
    expect(await outboxSubjects(svc, estimate.id)).toContain(Subjects.estimateUpdated)
  })

  it('follows profile changes and deletions, and clears the selection with null and []', async () => {
    const api = svc.as(newOrgId())
    const { estimate, markup, taxes } = await workedExample(api)
    await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: markup.id, taxProfileIds: [taxes[0].id] })
    // Editing the selected markup profile changes the totals: 2434.07 × 10 % overhead only.
    await api('PUT', `/markup-profiles/${markup.id}`, { name: 'Example', overheadPercentage: 10 })
    let t = (await api('GET', `/estimates/${estimate.id}/totals`)).body
    expect(t).toMatchObject({ overhead: '243.41', costTypeMarkup: '0.00', subtotalWithMarkup: '2677.48' })
    // T1 without type markup: 384.40 + 275.00 + their share of the overhead 243.41 × 659.40 / 2434.07
    // (65.94…) = 725.34; × 0.0825 = 59.84
    expect(t.taxes).toEqual([{ taxProfileId: taxes[0].id, name: 'T1', amount: '59.84' }])
    // Deactivating a selected tax leaves it out.
    await api('PUT', `/taxes/${taxes[0].id}`, { name: 'T1', rate: '0.0825', isActive: false })
    t = (await api('GET', `/estimates/${estimate.id}/totals`)).body
    expect(t).toMatchObject({ taxes: [], taxTotal: '0.00', grandTotal: '2677.48' })
    // Deleting the selected markup profile drops it from the selection.
    expect((await api('DELETE', `/markup-profiles/${markup.id}`)).status).toBe(204)
    const after = (await api('GET', `/estimates/${estimate.id}/pricing`)).body
    expect(after).toMatchObject({ markupProfileId: null, taxProfileIds: [taxes[0].id] })
    expect(after.totals.grandTotal).toBe('2434.07')
    const cleared = await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: null, taxProfileIds: [] })
    expect(cleared.body).toMatchObject({ markupProfileId: null, taxProfileIds: [] })
  })

  it('recomputes from line items when they change, whatever totals a client sends', async () => {
    const api = svc.as(newOrgId())
    const estimate = await createEstimate(api)
    const sectionId = await addSection(api, estimate.id, 'S', [{ name: 'x', quantity: '3', unitCost: '19.99', isMaterial: true }])
    const tax = await createProfile(api, 'taxes', { name: 'Sales', rate: '0.06' })
    await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: null, taxProfileIds: [tax.id] })
    const item = await api('POST', `/sections/${sectionId}/line-items`, {
      name: 'y',
      quantity: '1',
      unitCost: '0.03',
      isMaterial: true,
      totalCost: '999999.00',
    })
    expect(item.status).toBe(201)
    const t = (await api('GET', `/estimates/${estimate.id}/totals`)).body
    // 59.97 + 0.03 = 60.00; × 0.06 = 3.60
    expect(t).toMatchObject({ baseTotal: '60.00', taxTotal: '3.60', grandTotal: '63.60' })
  })

  it("only applies profiles of this organisation that are templates or this estimate's own", async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const estimate = await createEstimate(api)
    const sibling = await createEstimate(api)
    const own = await createProfile(api, 'markup-profiles', { name: 'Own', estimateId: estimate.id, profitPercentage: 10 })
    const siblings = await createProfile(api, 'markup-profiles', { name: 'Sibling', estimateId: sibling.id })
    const foreignOrg = svc.as(newOrgId())
    const foreignMarkup = await createProfile(foreignOrg, 'markup-profiles', { name: 'Foreign' })
    const foreignTax = await createProfile(foreignOrg, 'taxes', { name: 'Foreign', rate: 0.1 })
    const tax = await createProfile(api, 'taxes', { name: 'Mine', rate: 0.1 })

    expect((await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: own.id, taxProfileIds: [tax.id] })).status).toBe(200)
    for (const body of [
      { markupProfileId: siblings.id, taxProfileIds: [] },
      { markupProfileId: foreignMarkup.id, taxProfileIds: [] },
      { markupProfileId: null, taxProfileIds: [tax.id, foreignTax.id] },
      { markupProfileId: 'not-a-uuid', taxProfileIds: [] },
      { markupProfileId: null, taxProfileIds: ['not-a-uuid'] },
    ]) {
      const res = await api('PUT', `/estimates/${estimate.id}/pricing`, body)
      expect(res.status, JSON.stringify(body)).toBe(404)
    }
    // Refused requests changed nothing.
    expect((await api('GET', `/estimates/${estimate.id}/pricing`)).body).toMatchObject({ markupProfileId: own.id, taxProfileIds: [tax.id] })
    // Another organisation's estimate does not exist.
    expect((await foreignOrg('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: null, taxProfileIds: [] })).status).toBe(404)
    expect((await foreignOrg('GET', `/estimates/${estimate.id}/totals`)).status).toBe(404)
  })

  it('validates the body', async () => {
    const api = svc.as(newOrgId())
    const estimate = await createEstimate(api)
    const tax = await createProfile(api, 'taxes', { name: 'Mine', rate: 0.1 })
    expect((await api('PUT', `/estimates/${estimate.id}/pricing`, {})).status).toBe(400)
    expect((await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: null })).status).toBe(400)
    const dup = await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: null, taxProfileIds: [tax.id, tax.id] })
    expect(dup.status).toBe(400)
    expect(dup.body.errors[0]).toEqual({ field: 'taxProfileIds', message: 'Each tax profile may be selected once' })
    expect((await api('GET', '/estimates/nope/totals')).status).toBe(404)
  })

  it('refuses changes while the estimate is approved and locked, including to profiles it uses', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const { estimate, markup, taxes } = await workedExample(api)
    await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: markup.id, taxProfileIds: [taxes[0].id] })
    await svc.deps.prisma.estimate.update({ where: { id: estimate.id }, data: { lockedAt: new Date(), status: 'approved' } })
    const res = await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: null, taxProfileIds: [] })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('ESTIMATE_LOCKED')
    for (const [method, path, body] of [
      ['PUT', `/markup-profiles/${markup.id}`, { name: 'x' }],
      ['DELETE', `/markup-profiles/${markup.id}`, undefined],
      ['PUT', `/taxes/${taxes[0].id}`, { name: 'x', rate: 0.5 }],
      ['DELETE', `/taxes/${taxes[0].id}`, undefined],
    ] as const) {
      const r = await api(method, path, body)
      expect(r.status, `${method} ${path}`).toBe(409)
      expect(r.body.detail).toMatch(/used by an estimate the client approved/)
    }
    // A profile the locked estimate does not use stays editable.
    expect((await api('PUT', `/taxes/${taxes[1].id}`, { name: 'T2b', rate: 0.02 })).status).toBe(200)
    expect((await api('GET', `/estimates/${estimate.id}/totals`)).body.grandTotal).toBe(
      (await api('GET', `/estimates/${estimate.id}/pricing`)).body.totals.grandTotal,
    )
  })

  it('lets a viewer read totals but not change the selection', async () => {
    const orgId = newOrgId()
    const estimate = await createEstimate(svc.as(orgId))
    const viewer = svc.as(orgId, { permissions: SYSTEM_ROLE_PERMISSIONS.Viewer, userId: 'viewer-2' })
    expect((await viewer('GET', `/estimates/${estimate.id}/totals`)).status).toBe(200)
    expect((await viewer('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: null, taxProfileIds: [] })).status).toBe(403)
  })
})
