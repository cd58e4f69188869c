import { PUBLIC_ESTIMATE_MESSAGES, Subjects, ZPublicEstimate } from '@plumbline/contracts'
import { type Api, claimsFor, identityHeaders } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newOrgId } from '../support/estimates-test-service.js'
import { addSection, createProfile, outboxSubjects, type PricingTestService, sharedEstimate, startPricingService } from '../support/pricing-fixtures.js'

let svc: PricingTestService

beforeAll(async () => {
  svc = await startPricingService()
})
afterAll(async () => {
  await svc?.close()
})

/**
 * An estimate full of things a client must never see, each carrying a SECRET/HIDDEN marker, next
 * to the things they should see.
 */
async function estimateWithSecrets(api: Api) {
  const { estimate, token } = await sharedEstimate(api, {
    projectName: 'Garcia Kitchen',
    clientName: 'Ana Garcia',
    clientEmail: 'ana.secret@example.com',
    meetingTranscript: 'SECRET-TRANSCRIPT: client budget is flexible',
    specialFeatures: 'SECRET-FEATURES',
    aiSummary: 'SECRET-SUMMARY',
    totalCost: '25000.00',
    squareFootage: 240,
  })
  const content: Record<string, string> = {
    executive_summary: 'We will renovate the kitchen.',
    project_overview: 'HIDDEN-OVERVIEW (showToClient off)',
    scope_of_work: 'HIDDEN-SCOPE (not in web link)',
    timeline: '   ',
    qa_notes: 'SECRET-QA-NOTES: check the subfloor',
  }
  for (const [type, text] of Object.entries(content)) {
    const res = await api('PATCH', `/estimates/${estimate.id}/content/${type}`, { content: text })
    if (res.status !== 200) throw new Error(`content ${type}: ${res.status} ${res.text}`)
  }
  const links = (await api('GET', `/estimates/${estimate.id}/content-links`)).body as { id: string; role: string }[]
  const linkOf = (role: string) => links.find((l) => l.role === role)!.id
  await api('PATCH', `/estimates/${estimate.id}/content-links/${linkOf('project_overview')}/visibility`, {
    showToClient: false,
    includeInPdf: true,
    includeInWebLink: true,
  })
  await api('PATCH', `/estimates/${estimate.id}/content-links/${linkOf('scope_of_work')}/visibility`, {
    showToClient: true,
    includeInPdf: true,
    includeInWebLink: false,
  })
  // qa_notes even fully visible by its flags stays internal.
  const phases = (await api('GET', `/estimates/${estimate.id}/phases`)).body as { id: string; name: string }[]
  await svc.deps.prisma.estimatePhase.update({ where: { id: phases[0].id }, data: { status: 'hidden', name: 'HIDDEN-PHASE' } })
  await svc.deps.prisma.estimatePhase.update({ where: { id: phases[1].id }, data: { isEnabled: false, name: 'HIDDEN-DISABLED-PHASE' } })
  await addSection(api, estimate.id, 'Cabinets', [
    { name: 'Base cabinet', quantity: '4', unitCost: '350.00', isMaterial: true },
    { name: 'Install crew', quantity: '16', unitCost: '55.00', isLabor: true },
  ])
  await svc.deps.prisma.lineItem.updateMany({
    where: { estimateId: estimate.id },
    data: { vendor: 'SECRET-VENDOR', notes: 'SECRET-NOTES', partNumber: 'SECRET-PART' },
  })
  const markup = await createProfile(api, 'markup-profiles', {
    name: 'SECRET-MARKUP-NAME',
    overheadPercentage: 17.35,
    profitPercentage: 11.15,
    materialMarkupPercentage: 9.45,
  })
  const tax = await createProfile(api, 'taxes', { name: 'SECRET-TAX-NAME', rate: '0.0731', jurisdiction: 'SECRET-JURISDICTION' })
  await api('PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: markup.id, taxProfileIds: [tax.id] })
  return { estimate, token, phases }
}

const SECRETS = [
  'SECRET',
  'HIDDEN',
  'ana.secret@example.com',
  'overheadPercentage',
  'profitPercentage',
  'Markup',
  'markup',
  '17.35',
  '11.15',
  '9.45',
  '0.0731',
  'meetingTranscript',
  'qa_notes',
  'clientEmail',
]

describe('GET /public/estimates/{token}', () => {
  it('shows only what a client may see (line items off)', async () => {
    const orgId = newOrgId()
    svc.settings.set(orgId, { companyName: 'Acme Remodeling', logoUrl: 'https://cdn.example.com/acme.png', varianceRangePercentage: '10.00' })
    const api = svc.as(orgId)
    const { estimate, token, phases } = await estimateWithSecrets(api)

    const res = await svc.publicCall('GET', token)
    expect(res.status).toBe(200)
    for (const secret of SECRETS) expect(res.text, `payload leaks ${secret}`).not.toContain(secret)
    const body = ZPublicEstimate.parse(res.body)
    expect(Object.keys(res.body).sort()).toEqual([
      'approval',
      'clientName',
      'companyLogo',
      'companyName',
      'contentSections',
      'grandTotal',
      'id',
      'phases',
      'projectName',
      'projectType',
      'propertyAddress',
      'sections',
      'sinceLastView',
      'snapshotSha256',
      'squareFootage',
      'status',
      'totalCost',
      'updatedAt',
      'varianceRangePercentage',
    ])
    expect(body).toMatchObject({
      id: estimate.id,
      projectName: 'Garcia Kitchen',
      clientName: 'Ana Garcia',
      totalCost: '25000.00',
      squareFootage: 240,
      projectType: 'Roofing',
      companyName: 'Acme Remodeling',
      companyLogo: 'https://cdn.example.com/acme.png',
      varianceRangePercentage: '10.00',
      sections: null,
      grandTotal: null,
      approval: null,
      status: 'viewed',
    })
    expect(body.contentSections).toEqual([{ type: 'executive_summary', title: 'Executive Summary', content: 'We will renovate the kitchen.' }])
    expect(body.phases.map((p) => p.id)).toEqual(phases.slice(2).map((p) => p.id))
    expect(body.phases[0]).toEqual({
      id: phases[2].id,
      name: phases[2].name,
      description: expect.anything(),
      amount: expect.stringMatching(/^\d+\.\d\d$/),
      percentage: expect.stringMatching(/^\d+\.\d\d$/),
    })
    expect(body.snapshotSha256).toMatch(/^[0-9a-f]{64}$/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  })

  it('adds line items by section and the grand total (no markup internals) when the organisation itemises', async () => {
    const orgId = newOrgId()
    svc.settings.set(orgId, { enableLineItems: true })
    const api = svc.as(orgId)
    const { token } = await estimateWithSecrets(api)
    const res = await svc.publicCall('GET', token)
    for (const secret of SECRETS) expect(res.text, `payload leaks ${secret}`).not.toContain(secret)
    const body = ZPublicEstimate.parse(res.body)
    expect(body.sections).toEqual([
      {
        id: expect.any(String),
        name: 'Cabinets',
        total: '2280.00',
        lineItems: [
          // Unit costs as the client's PDF prints them (the page already showed quantity × unit cost).
          { id: expect.any(String), name: 'Base cabinet', description: null, quantity: '4.000', unit: 'each', unitCost: '350.00', totalCost: '1400.00' },
          { id: expect.any(String), name: 'Install crew', description: null, quantity: '16.000', unit: 'each', unitCost: '55.00', totalCost: '880.00' },
        ],
      },
    ])
    // base 2280.00; overhead 17.35 % = 395.58; profit 11.15 % = 254.22; material 9.45 % of 1400 = 132.30
    // subtotal 3062.10; tax on the marked-up total of the material item: 1400 + 132.30 + its share of
    // overhead and profit 649.80 × 1400 / 2280 = 399.00 → 1931.30 × 0.0731 = 141.18 → grand total 3203.28
    expect(body.grandTotal).toBe('3203.28')
    expect(body).toMatchObject({ companyName: null, companyLogo: null, varianceRangePercentage: '15.00' })
  })

  it('answers 404 with the spec text for unknown, malformed and revoked tokens, with the private headers', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api)
    await api('DELETE', `/estimates/${estimate.id}/share`)
    for (const t of [token, 'A'.repeat(43), 'short', 'x'.repeat(200), 'x'.repeat(3000), '../../etc/passwd', '%00']) {
      const res = await svc.publicCall('GET', t)
      expect(res.status, t).toBe(404)
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: PUBLIC_ESTIMATE_MESSAGES.notFound })
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    }
  })

  it("records the client's first open once: viewedAt, shared → viewed, one event; updatedAt untouched", async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const { estimate, token } = await sharedEstimate(api)
    const before = await svc.deps.prisma.estimate.findUniqueOrThrow({ where: { id: estimate.id } })
    expect(before).toMatchObject({ status: 'shared', viewedAt: null })

    const opens = await Promise.all([1, 2, 3].map(() => svc.publicCall('GET', token)))
    expect(opens.map((o) => o.status)).toEqual([200, 200, 200])
    const after = await svc.deps.prisma.estimate.findUniqueOrThrow({ where: { id: estimate.id } })
    expect(after.status).toBe('viewed')
    expect(after.viewedAt).toBeInstanceOf(Date)
    expect(after.updatedAt).toEqual(before.updatedAt)
    await svc.publicCall('GET', token)
    expect((await svc.deps.prisma.estimate.findUniqueOrThrow({ where: { id: estimate.id } })).viewedAt).toEqual(after.viewedAt)
    expect((await outboxSubjects(svc, estimate.id)).filter((s) => s === Subjects.estimateViewed)).toHaveLength(1)
    expect((await api('GET', `/estimates/${estimate.id}`)).body).toMatchObject({ status: 'viewed', viewedAt: after.viewedAt!.toISOString() })
  })

  it("does not count a preview by a member of the organisation as the client's view", async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const { estimate, token } = await sharedEstimate(api)
    svc.memberships.set('contractor-1', ['some-other-org', orgId])
    expect((await svc.publicCall('GET', token, '', undefined, { userId: 'contractor-1' })).status).toBe(200)
    // Identity token already scoped to the organisation (no lookup needed).
    const scoped = await identityHeaders(claimsFor(orgId))
    expect((await svc.publicCall('GET', token, '', undefined, { headers: scoped })).status).toBe(200)
    // When the auth service cannot say, the view is not recorded either.
    expect((await svc.publicCall('GET', token, '', undefined, { userId: 'auth-down-1' })).status).toBe(200)
    let row = await svc.deps.prisma.estimate.findUniqueOrThrow({ where: { id: estimate.id } })
    expect(row).toMatchObject({ status: 'shared', viewedAt: null })
    // A signed-in user of another organisation is a client like any other.
    svc.memberships.set('client-with-account', ['their-own-org'])
    expect((await svc.publicCall('GET', token, '', undefined, { userId: 'client-with-account' })).status).toBe(200)
    row = await svc.deps.prisma.estimate.findUniqueOrThrow({ where: { id: estimate.id } })
    expect(row.status).toBe('viewed')
  })

  it('still renders, with no company details, when the admin service does not answer in time', async () => {
    const orgId = newOrgId()
    svc.settings.set(orgId, { companyName: 'Never Seen', enableLineItems: true })
    svc.silentOrgs.add(orgId)
    const { token } = await sharedEstimate(svc.as(orgId))
    const started = Date.now()
    const res = await svc.publicCall('GET', token)
    expect(res.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(4000)
    expect(res.body).toMatchObject({ companyName: null, companyLogo: null, varianceRangePercentage: '15.00', sections: null })
  })
})
