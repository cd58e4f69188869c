import type { FieldError, MarkupProfile, TaxProfile } from '@plumbline/contracts'
import { MARKUP_PRESETS, SYSTEM_ROLE_PERMISSIONS, TAX_PRESETS, ZMarkupProfile, ZTaxProfile } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, newOrgId } from '../support/estimates-test-service.js'
import { createProfile, type PricingTestService, startPricingService } from '../support/pricing-fixtures.js'

let svc: PricingTestService

beforeAll(async () => {
  svc = await startPricingService()
})
afterAll(async () => {
  await svc?.close()
})

const fieldErrors = (body: { errors?: FieldError[] }) => Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]))

describe('markup profiles', () => {
  it('creates a template profile with the spec defaults and lists it', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const res = await api('POST', '/markup-profiles', { ...MARKUP_PRESETS[0], name: '  General Contractor ', organizationId: orgId })
    expect(res.status).toBe(201)
    const p = ZMarkupProfile.parse(res.body)
    expect(p).toMatchObject({
      name: 'General Contractor',
      description: null,
      overheadPercentage: '20.00',
      profitPercentage: '15.00',
      contingencyPercentage: '5.00',
      materialMarkupPercentage: '10.00',
      equipmentMarkupPercentage: '15.00',
      subcontractorMarkupPercentage: '5.00',
      laborMarkupPercentage: '0.00',
      isTemplate: true,
      isDefault: false,
      organizationId: orgId,
      estimateId: null,
    })
    const minimal = await api('POST', '/markup-profiles', { name: 'Bare', overheadPercentage: 12.5 })
    expect(minimal.body).toMatchObject({ overheadPercentage: '12.50', profitPercentage: '0.00', isTemplate: true, isDefault: false })
    const list = await api('GET', '/markup-profiles')
    expect(list.status).toBe(200)
    expect(list.body.map((x: MarkupProfile) => x.name)).toEqual(['Bare', 'General Contractor'])
  })

  it('answers the spec validation texts', async () => {
    const api = svc.as(newOrgId())
    const missing = await api('POST', '/markup-profiles', {})
    expect(missing.status).toBe(400)
    expect(fieldErrors(missing.body)).toMatchObject({ name: 'Name is required' })
    const blank = await api('POST', '/markup-profiles', { name: '   ' })
    expect(fieldErrors(blank.body)).toMatchObject({ name: 'Name is required' })
    const range = await api('POST', '/markup-profiles', { name: 'x', overheadPercentage: 100.5, profitPercentage: -1, contingencyPercentage: 'lots' })
    expect(range.status).toBe(400)
    expect(fieldErrors(range.body)).toMatchObject({
      overheadPercentage: 'Must be between 0 and 100',
      profitPercentage: 'Must be between 0 and 100',
      contingencyPercentage: 'Must be a number',
    })
  })

  it("belongs to one of the organisation's estimates when estimateId is given (not a template)", async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const estimate = await createEstimate(api)
    const res = await api('POST', '/markup-profiles', { name: 'Just this job', organizationId: orgId, estimateId: estimate.id })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ estimateId: estimate.id, isTemplate: false })
    await createProfile(api, 'markup-profiles', { name: 'Template A' })
    const other = await createEstimate(api)
    await createProfile(api, 'markup-profiles', { name: 'Other job', estimateId: other.id })
    const forEstimate = await api('GET', `/markup-profiles?estimateId=${estimate.id}`)
    expect(forEstimate.body.map((x: MarkupProfile) => x.name)).toEqual(['Just this job', 'Template A'])
    // Another organisation's estimate, or one that does not exist, "does not exist".
    const foreign = await createEstimate(svc.as(newOrgId()))
    expect((await api('POST', '/markup-profiles', { name: 'x', estimateId: foreign.id })).status).toBe(404)
    expect((await api('POST', '/markup-profiles', { name: 'x', estimateId: 'not-a-uuid' })).status).toBe(404)
    expect((await api('GET', `/markup-profiles?estimateId=${foreign.id}`)).status).toBe(404)
  })

  it('answers 404 when the body names another organisation', async () => {
    const orgId = newOrgId()
    const res = await svc.as(orgId)('POST', '/markup-profiles', { name: 'x', organizationId: newOrgId() })
    expect(res.status).toBe(404)
    expect(await svc.deps.prisma.markupProfile.count({ where: { organizationId: orgId } })).toBe(0)
  })

  it('keeps a single default per organisation, also under concurrent requests', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const a = await createProfile(api, 'markup-profiles', { name: 'A', isDefault: true })
    const b = await createProfile(api, 'markup-profiles', { name: 'B', isDefault: true })
    let list = (await api('GET', '/markup-profiles')).body
    expect(list.filter((x: MarkupProfile) => x.isDefault).map((x: MarkupProfile) => x.id)).toEqual([b.id])
    expect(list[0].id).toBe(b.id)
    await api('PUT', `/markup-profiles/${a.id}`, { name: 'A', isDefault: true })
    list = (await api('GET', '/markup-profiles')).body
    expect(list.filter((x: MarkupProfile) => x.isDefault).map((x: MarkupProfile) => x.id)).toEqual([a.id])
    // Another organisation's default is untouched.
    const otherOrg = svc.as(newOrgId())
    const theirs = await createProfile(otherOrg, 'markup-profiles', { name: 'Theirs', isDefault: true })
    await Promise.all(['C', 'D', 'E', 'F'].map((name) => api('POST', '/markup-profiles', { name, isDefault: true })))
    expect(await svc.deps.prisma.markupProfile.count({ where: { organizationId: orgId, isDefault: true } })).toBe(1)
    expect((await otherOrg('GET', '/markup-profiles')).body.find((x: MarkupProfile) => x.id === theirs.id).isDefault).toBe(true)
  })

  it("updates (replacing the fields) and deletes; another organisation's profile is 404", async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const p = await createProfile(api, 'markup-profiles', { ...MARKUP_PRESETS[2], name: 'Painter', description: 'walls' })
    const put = await api('PUT', `/markup-profiles/${p.id}`, { name: 'Painter 2', profitPercentage: '22.5' })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ id: p.id, name: 'Painter 2', profitPercentage: '22.50', overheadPercentage: '0.00', description: null })
    const intruder = svc.as(newOrgId())
    expect((await intruder('PUT', `/markup-profiles/${p.id}`, { name: 'hijack' })).status).toBe(404)
    expect((await intruder('DELETE', `/markup-profiles/${p.id}`)).status).toBe(404)
    expect((await api('PUT', `/markup-profiles/${p.id}`, { name: 'x', organizationId: newOrgId() })).status).toBe(404)
    expect((await api('DELETE', `/markup-profiles/${p.id}`)).status).toBe(204)
    expect((await api('DELETE', `/markup-profiles/${p.id}`)).status).toBe(404)
    expect((await api('PUT', '/markup-profiles/nope', { name: 'x' })).status).toBe(404)
  })

  it('replays a repeated Idempotency-Key instead of creating twice (markup and tax)', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const headers = { 'Idempotency-Key': 'profile-1' }
    const first = await api('POST', '/markup-profiles', { name: 'Once' }, headers)
    const again = await api('POST', '/markup-profiles', { name: 'Once' }, headers)
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect((await api('POST', '/markup-profiles', { name: 'Other' }, headers)).status).toBe(422)
    const taxes = await Promise.all([1, 2, 3].map(() => api('POST', '/taxes', { name: 'Once', rate: 0.05 }, { 'Idempotency-Key': 'tax-race' })))
    expect(new Set(taxes.map((r) => r.body.id)).size).toBe(1)
    expect(await svc.deps.prisma.markupProfile.count({ where: { organizationId: orgId } })).toBe(1)
    expect(await svc.deps.prisma.taxProfile.count({ where: { organizationId: orgId } })).toBe(1)
  })

  it('needs the cost estimator permissions of the role', async () => {
    const orgId = newOrgId()
    const owner = svc.as(orgId)
    const p = await createProfile(owner, 'markup-profiles', { name: 'Kept' })
    const viewer = svc.as(orgId, { permissions: SYSTEM_ROLE_PERMISSIONS.Viewer, userId: 'viewer-1' })
    expect((await viewer('GET', '/markup-profiles')).status).toBe(200)
    expect((await viewer('POST', '/markup-profiles', { name: 'No' })).status).toBe(403)
    expect((await viewer('PUT', `/markup-profiles/${p.id}`, { name: 'No' })).status).toBe(403)
    expect((await viewer('DELETE', `/markup-profiles/${p.id}`)).status).toBe(403)
    const member = svc.as(orgId, { permissions: SYSTEM_ROLE_PERMISSIONS.Member, userId: 'member-1' })
    expect((await member('DELETE', `/markup-profiles/${p.id}`)).status).toBe(403)
    expect(await svc.deps.prisma.markupProfile.count({ where: { organizationId: orgId } })).toBe(1)
  })
})

describe('tax profiles', () => {
  it('creates with the spec defaults: template, not default, sales, materials and equipment, active', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const res = await api('POST', '/taxes', { ...TAX_PRESETS[0], name: 'California', organizationId: orgId })
    expect(res.status).toBe(201)
    expect(ZTaxProfile.parse(res.body)).toMatchObject({
      name: 'California',
      taxType: 'sales',
      rate: '0.0825',
      jurisdiction: 'California',
      jurisdictionCode: 'CA',
      applyToLabor: false,
      applyToMaterials: true,
      applyToEquipment: true,
      applyToSubcontractors: false,
      minimumAmount: null,
      maximumAmount: null,
      exemptionThreshold: null,
      isTemplate: true,
      isDefault: false,
      isActive: true,
      estimateId: null,
    })
    const list = await api('GET', '/taxes')
    expect(list.body.map((t: TaxProfile) => t.rate)).toEqual(['0.0825'])
  })

  it('answers the spec validation texts', async () => {
    const api = svc.as(newOrgId())
    const missing = await api('POST', '/taxes', { rate: 0.05 })
    expect(fieldErrors(missing.body)).toMatchObject({ name: 'Name is required' })
    const rate = await api('POST', '/taxes', { name: 'x', rate: 1.5 })
    expect(fieldErrors(rate.body)).toMatchObject({ rate: 'Rate must be between 0 and 1' })
    expect(fieldErrors((await api('POST', '/taxes', { name: 'x', rate: -0.1 })).body)).toMatchObject({ rate: 'Rate must be between 0 and 1' })
    expect(fieldErrors((await api('POST', '/taxes', { name: 'x', rate: 'abc' })).body)).toMatchObject({ rate: 'Rate must be between 0 and 1' })
    const type = await api('POST', '/taxes', { name: 'x', rate: 0.05, taxType: 'vat' })
    expect(fieldErrors(type.body)).toMatchObject({ taxType: 'Tax type is required' })
    const amounts = await api('POST', '/taxes', { name: 'x', rate: 0.05, minimumAmount: -1, maximumAmount: 5, exemptionThreshold: -3 })
    expect(fieldErrors(amounts.body)).toEqual({ minimumAmount: 'Must be at least 0', exemptionThreshold: 'Must be at least 0' })
    expect(fieldErrors((await api('POST', '/taxes', { name: 'x', rate: 0.05, maximumAmount: -2 })).body)).toEqual({ maximumAmount: 'Must be at least 0' })
    const bounds = await api('POST', '/taxes', { name: 'x', rate: 0.05, minimumAmount: 50, maximumAmount: 10 })
    expect(fieldErrors(bounds.body)).toMatchObject({ minimumAmount: 'Minimum amount must not exceed the maximum amount' })
  })

  it('keeps rates exact to four decimals and amounts to cents', async () => {
    const api = svc.as(newOrgId())
    const t = await createProfile(api, 'taxes', { name: 'Odd', rate: '0.0725', minimumAmount: '0.1', maximumAmount: 1000, exemptionThreshold: '99.995' })
    expect(t).toMatchObject({ rate: '0.0725', minimumAmount: '0.10', maximumAmount: '1000.00', exemptionThreshold: '100.00' })
  })

  it('updates, keeps one default, deletes; another organisation gets 404', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const a = await createProfile(api, 'taxes', { name: 'A', rate: 0.06, isDefault: true })
    const b = await createProfile(api, 'taxes', { name: 'B', rate: 0.07 })
    const put = await api('PUT', `/taxes/${b.id}`, { name: 'B2', rate: 0.075, taxType: 'local', isDefault: true, isActive: false, applyToLabor: true })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ name: 'B2', rate: '0.0750', taxType: 'local', isDefault: true, isActive: false, applyToLabor: true })
    const list = (await api('GET', '/taxes')).body
    expect(list.map((t: TaxProfile) => [t.name, t.isDefault])).toEqual([
      ['B2', true],
      ['A', false],
    ])
    const intruder = svc.as(newOrgId())
    expect((await intruder('PUT', `/taxes/${a.id}`, { name: 'x', rate: 0.1 })).status).toBe(404)
    expect((await intruder('DELETE', `/taxes/${a.id}`)).status).toBe(404)
    expect((await intruder('GET', '/taxes')).body).toEqual([])
    expect((await api('DELETE', `/taxes/${a.id}`)).status).toBe(204)
    expect((await api('GET', '/taxes')).body.map((t: TaxProfile) => t.name)).toEqual(['B2'])
  })

  it('hides the profiles of deleted estimates from the organisation list', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const estimate = await createEstimate(api)
    await createProfile(api, 'taxes', { name: 'Job tax', rate: 0.05, estimateId: estimate.id })
    await createProfile(api, 'taxes', { name: 'Template tax', rate: 0.05 })
    expect((await api('GET', '/taxes')).body.map((t: TaxProfile) => t.name)).toEqual(['Job tax', 'Template tax'])
    expect((await api('DELETE', `/estimates/${estimate.id}`)).status).toBe(204)
    expect((await api('GET', '/taxes')).body.map((t: TaxProfile) => t.name)).toEqual(['Template tax'])
  })
})
