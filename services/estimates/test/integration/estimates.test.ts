import type { FieldError, Phase } from '@plumbline/contracts'
import { CONTENT_SECTION_TYPES, RequestSubjects, Subjects, SYSTEM_ROLE_PERMISSIONS, ZEstimate } from '@plumbline/contracts'
import { reply } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneIdempotencyKeys } from '../../src/data/idempotency.js'
import {
  createEstimate,
  type EstimatesTestService,
  estimatePayload,
  newOrgId,
  REMODELING,
  ROOFING,
  startEstimatesTestService,
} from '../support/estimates-test-service.js'

let svc: EstimatesTestService

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

const outboxSubjects = async (estimateId: string) =>
  (await svc.deps.prisma.outboxEvent.findMany({ orderBy: { createdAt: 'asc' } }))
    .filter((e) => (e.payload as { data?: { estimateId?: string } }).data?.estimateId === estimateId)
    .map((e) => e.subject)

describe('POST /estimates', () => {
  it('creates the estimate with empty content sections, default links and phases from the project type', async () => {
    const api = svc.as(newOrgId())
    const res = await api('POST', '/estimates', estimatePayload({ totalCost: 12345.67, clientEmail: 'JANE@Example.com' }))
    expect(res.status).toBe(201)
    const e = ZEstimate.parse(res.body)
    expect(e).toMatchObject({
      projectName: 'Smith Roof Replacement',
      clientEmail: 'jane@example.com',
      totalCost: '12345.67',
      status: 'draft',
      shareToken: null,
      lockedAt: null,
      approval: null,
    })
    expect(e.projectType).toMatchObject({ id: ROOFING, name: 'Roofing', icon: 'home' })
    expect(e.contentSections).toEqual(Object.fromEntries(CONTENT_SECTION_TYPES.map((t) => [t, null])))
    // The answer is built without reading the estimate back: it must be what a read gives.
    expect(res.body).toEqual((await api('GET', `/estimates/${e.id}`)).body)

    const links = await api('GET', `/estimates/${e.id}/content-links`)
    expect(links.body.map((l: { role: string }) => l.role)).toEqual([...CONTENT_SECTION_TYPES])
    for (const l of links.body) expect(l).toMatchObject({ showToClient: true, includeInPdf: true, includeInWebLink: true, isCustomized: false })

    const phases = (await api('GET', `/estimates/${e.id}/phases`)).body
    expect(phases.map((p: Phase) => p.name)).toEqual([
      'Inspection & Permits',
      'Tear-off & Disposal',
      'Deck Repair',
      'Underlayment & Flashing',
      'Roof Installation',
      'Cleanup & Final Inspection',
    ])
    expect(phases.map((p: Phase) => p.percentage)).toEqual(['5.00', '15.00', '10.00', '15.00', '45.00', '10.00'])
    expect(phases[0]).toMatchObject({ amount: '617.28', estimatedCost: '617.28', isEnabled: true, status: 'pending', sortOrder: 0, completionPercentage: 0 })
    // Amounts add up to the total exactly (the rounding remainder goes to the last phase).
    expect(phases.reduce((s: number, p: Phase) => s + Math.round(Number(p.amount) * 100), 0)).toBe(1234567)

    expect(await outboxSubjects(e.id)).toEqual([Subjects.estimateCreated])
  })

  it('answers the spec messages for missing fields and refuses an unknown project type', async () => {
    const api = svc.as(newOrgId())
    const res = await api('POST', '/estimates', {})
    expect(res.status).toBe(400)
    const messages = Object.fromEntries(res.body.errors.map((e: FieldError) => [e.field, e.message]))
    expect(messages).toMatchObject({
      projectTypeId: 'Please select a project type',
      projectName: 'Project name is required',
      clientName: 'Client name is required',
      propertyAddress: 'Property address is required',
      totalCost: 'Total cost is required',
    })
    const unknown = await api('POST', '/estimates', estimatePayload({ projectTypeId: '00000000-0000-4000-8000-000000000000' }))
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors[0]).toEqual({ field: 'projectTypeId', message: 'Please select a project type' })
  })

  it('replays the stored response for a repeated Idempotency-Key and refuses the key for another body', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const headers = { 'Idempotency-Key': 'create-123' }
    const first = await api('POST', '/estimates', estimatePayload(), headers)
    const second = await api('POST', '/estimates', estimatePayload(), headers)
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await svc.deps.prisma.estimate.count({ where: { organizationId: orgId } })).toBe(1)
    const other = await api('POST', '/estimates', estimatePayload({ projectName: 'Other' }), headers)
    expect(other.status).toBe(422)
    // The same key in another organisation is another key.
    expect((await svc.as(newOrgId())('POST', '/estimates', estimatePayload(), headers)).status).toBe(201)
    // Stored answers expire after a day.
    expect(await pruneIdempotencyKeys(svc.deps.prisma, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(2)
    expect((await api('POST', '/estimates', estimatePayload({ projectName: 'Other' }), headers)).status).toBe(201)
    // Concurrent duplicates create one estimate.
    const concurrent = await Promise.all([1, 2, 3].map(() => api('POST', '/estimates', estimatePayload(), { 'Idempotency-Key': 'race' })))
    expect(new Set(concurrent.map((r) => r.body.id)).size).toBe(1)
    expect(await svc.deps.prisma.estimate.count({ where: { organizationId: orgId } })).toBe(3)
    // The losers' one statement wrote nothing: no second event, no stray sections, links or phases.
    const ids = (await svc.deps.prisma.estimate.findMany({ where: { organizationId: orgId }, select: { id: true } })).map((e) => e.id)
    for (const id of ids) expect(await outboxSubjects(id)).toEqual([Subjects.estimateCreated])
    expect(await svc.deps.prisma.contentSection.count({ where: { organizationId: orgId } })).toBe(3 * CONTENT_SECTION_TYPES.length)
    expect(await svc.deps.prisma.contentLink.count({ where: { organizationId: orgId } })).toBe(3 * CONTENT_SECTION_TYPES.length)
    expect(await svc.deps.prisma.estimatePhase.count({ where: { organizationId: orgId } })).toBe(3 * 6)
    expect(await svc.deps.prisma.idempotencyKey.count({ where: { organizationId: orgId, key: 'race' } })).toBe(1)
  })

  it('is refused with 429 ESTIMATE_LIMIT_REACHED when the admin service says the limit is reached', async () => {
    const orgId = newOrgId()
    const seen: unknown[] = []
    const replier = reply(svc.deps.bus, RequestSubjects.quotaCheck, async (data) => {
      seen.push(data)
      return (data as { orgId: string }).orgId === orgId ? { allowed: false, used: 50, limit: 50 } : { allowed: true, used: 1, limit: 50 }
    })
    try {
      const res = await svc.as(orgId)('POST', '/estimates', estimatePayload())
      expect(res.status).toBe(429)
      expect(res.body).toMatchObject({
        code: 'ESTIMATE_LIMIT_REACHED',
        message: 'Monthly estimate limit reached (50 of 50). Upgrade your plan or wait until next month.',
      })
      expect(seen).toContainEqual({ orgId, kind: 'estimates' })
      expect(await svc.deps.prisma.estimate.count({ where: { organizationId: orgId } })).toBe(0)
      expect((await svc.as(newOrgId())('POST', '/estimates', estimatePayload())).status).toBe(201)
      // Both checks run at once; a bad project type is still the answer when both refuse.
      const both = await svc.as(orgId)('POST', '/estimates', estimatePayload({ projectTypeId: '00000000-0000-4000-8000-000000000000' }))
      expect(both.status).toBe(400)
      expect(both.body.errors[0]).toEqual({ field: 'projectTypeId', message: 'Please select a project type' })
    } finally {
      await replier.stop()
    }
  })

  it("takes the phases of the organisation's own project type from its default groups only, in group then phase order", async () => {
    const orgId = newOrgId()
    const db = svc.deps.prisma
    const type = await db.projectType.create({ data: { organizationId: orgId, name: 'Own type', icon: 'wrench' } })
    const group = (
      organizationId: string | null,
      name: string,
      phases: { name: string; sortOrder: number; pct: string; description?: string; costCodes?: string }[],
    ) =>
      db.phaseGroup.create({
        data: {
          organizationId,
          name,
          phases: {
            create: phases.map((p) => ({
              organizationId,
              name: p.name,
              sortOrder: p.sortOrder,
              defaultPercentage: p.pct,
              description: p.description ?? null,
              costCodes: p.costCodes ?? null,
            })),
          },
        },
      })
    // Same sortOrder: then by name. A null description and cost codes stay null.
    const own = await group(orgId, 'Own default', [
      { name: 'Zeta', sortOrder: 1, pct: '30' },
      { name: 'Alpha', sortOrder: 1, pct: '20', description: 'first of the tie', costCodes: '01,02' },
      { name: 'Start', sortOrder: 0, pct: '50' },
    ])
    const notDefault = await group(orgId, 'Own, not default', [{ name: 'Never', sortOrder: 0, pct: '100' }])
    const otherOrgs = await group(newOrgId(), "Another organisation's", [{ name: 'Foreign', sortOrder: 0, pct: '100' }])
    for (const [g, isDefault] of [
      [own, true],
      [notDefault, false],
      [otherOrgs, true],
    ] as const)
      await db.projectTypePhaseGroup.create({ data: { projectTypeId: type.id, phaseGroupId: g.id, organizationId: orgId, isDefault } })

    const api = svc.as(orgId)
    const res = await api('POST', '/estimates', estimatePayload({ projectTypeId: type.id, totalCost: '1000.01' }))
    expect(res.status).toBe(201)
    expect(res.body.projectType).toEqual({ id: type.id, name: 'Own type', icon: 'wrench' })
    const phases = (await api('GET', `/estimates/${res.body.id}/phases`)).body as Phase[]
    expect(phases.map((p) => [p.name, p.description, p.percentage, p.amount, p.sortOrder])).toEqual([
      ['Start', null, '50.00', '500.01', 0],
      ['Alpha', 'first of the tie', '20.00', '200.00', 1],
      ['Zeta', null, '30.00', '300.00', 2],
    ])
    const stored = await db.estimatePhase.findMany({ where: { estimateId: res.body.id }, orderBy: { sortOrder: 'asc' } })
    expect(stored.map((p) => [p.costCodes, p.organizationId, p.estimatedCost.toFixed(2)])).toEqual([
      [null, orgId, '500.01'],
      ['01,02', orgId, '200.00'],
      [null, orgId, '300.00'],
    ])
    // Another organisation cannot use the type at all.
    const foreign = await svc.as(newOrgId())('POST', '/estimates', estimatePayload({ projectTypeId: type.id }))
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors[0]).toEqual({ field: 'projectTypeId', message: 'Please select a project type' })
  })

  it('needs the create permission', async () => {
    const res = await svc.as(newOrgId(), { permissions: SYSTEM_ROLE_PERMISSIONS.Viewer })('POST', '/estimates', estimatePayload())
    expect(res.status).toBe(403)
  })
})

describe('GET, PUT, DELETE /estimates/:id and PATCH …/status', () => {
  it('reads, updates (phase amounts follow the total) and soft-deletes', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    expect((await api('GET', `/estimates/${e.id}`)).body).toEqual(e)
    const put = await api(
      'PUT',
      `/estimates/${e.id}`,
      estimatePayload({ projectName: 'Renamed', totalCost: '20000', projectTypeId: REMODELING, squareFootage: null }),
    )
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ projectName: 'Renamed', totalCost: '20000.00', squareFootage: null, projectTypeId: REMODELING })
    const phases = (await api('GET', `/estimates/${e.id}/phases`)).body
    expect(phases.find((p: Phase) => p.name === 'Roof Installation').amount).toBe('9000.00')

    expect((await api('DELETE', `/estimates/${e.id}`)).status).toBe(204)
    expect((await api('GET', `/estimates/${e.id}`)).status).toBe(404)
    expect((await api('DELETE', `/estimates/${e.id}`)).status).toBe(404)
    expect(await svc.deps.prisma.estimate.count({ where: { id: e.id } })).toBe(1)
    expect(await outboxSubjects(e.id)).toEqual([Subjects.estimateCreated, Subjects.estimateUpdated, Subjects.estimateDeleted])
  })

  it("answers 404 for ids that are not UUIDs or not the organisation's", async () => {
    const api = svc.as(newOrgId())
    const other = await createEstimate(svc.as(newOrgId()))
    for (const id of ['nope', '123', other.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await api('GET', `/estimates/${id}`)).status).toBe(404)
    }
  })

  it('approved locks the estimate: edits answer 409 ESTIMATE_LOCKED and the status stays', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const section = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Roof' })).body
    const item = (await api('POST', `/sections/${section.id}/line-items`, { name: 'Shingles', quantity: 1, unitCost: 1 })).body
    const phases = (await api('GET', `/estimates/${e.id}/phases`)).body
    const links = (await api('GET', `/estimates/${e.id}/content-links`)).body

    const approved = await api('PATCH', `/estimates/${e.id}/status`, { status: 'approved' })
    expect(approved.status).toBe(200)
    expect(approved.body.status).toBe('approved')
    expect(approved.body.lockedAt).not.toBeNull()

    const edits: [string, string, unknown][] = [
      ['PUT', `/estimates/${e.id}`, estimatePayload()],
      ['PATCH', `/estimates/${e.id}/content/scope_of_work`, { content: 'New scope' }],
      ['PATCH', `/estimates/${e.id}/content-links/${links[0].id}/visibility`, { showToClient: false, includeInPdf: false, includeInWebLink: false }],
      [
        'PATCH',
        `/estimates/${e.id}/phases/budget`,
        { phases: phases.map((p: Phase) => ({ id: p.id, percentage: p.percentage, amount: p.amount, isEnabled: p.isEnabled })) },
      ],
      ['POST', `/estimates/${e.id}/sections`, { name: 'More' }],
      ['PUT', `/sections/${section.id}`, { name: 'Renamed' }],
      ['DELETE', `/sections/${section.id}`, undefined],
      ['POST', `/sections/${section.id}/line-items`, { name: 'X', quantity: 1, unitCost: 1 }],
      ['PUT', `/line-items/${item.id}`, { name: 'X', quantity: 2, unitCost: 1 }],
      ['DELETE', `/line-items/${item.id}`, undefined],
      ['PATCH', `/sections/${section.id}/line-items/reorder`, { itemIds: [item.id] }],
      ['POST', `/estimates/${e.id}/apply-template`, { templateId: (await api('GET', '/templates')).body[0].id }],
      ['POST', `/estimates/${e.id}/sections/import-csv`, { csv: 'Section,Item,Qty,Unit Cost\nA,B,1,1\n' }],
      ['PATCH', `/estimates/${e.id}/status`, { status: 'draft' }],
    ]
    for (const [method, path, body] of edits) {
      const res = await api(method, path, body)
      expect(res.status, `${method} ${path}`).toBe(409)
      expect(res.body).toMatchObject({ code: 'ESTIMATE_LOCKED', message: 'This estimate was approved by the client and is locked. Reopen it to make changes.' })
    }
    const after = (await api('GET', `/estimates/${e.id}`)).body
    expect(after).toMatchObject({ status: 'approved', projectName: e.projectName })
    expect((await api('GET', `/estimates/${e.id}/sections`)).body[0].lineItems).toHaveLength(1)
    // Reads still work; approving again is a no-op.
    expect((await api('PATCH', `/estimates/${e.id}/status`, { status: 'approved' })).status).toBe(200)
  })

  it('sets manual statuses and validates them', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    expect((await api('PATCH', `/estimates/${e.id}/status`, { status: 'pending' })).body.status).toBe('pending')
    expect((await api('PATCH', `/estimates/${e.id}/status`, { status: 'shared' })).status).toBe(400)
    const rejected = await api('PATCH', `/estimates/${e.id}/status`, { status: 'rejected' })
    expect(rejected.body).toMatchObject({ status: 'rejected', lockedAt: null })
    expect(await outboxSubjects(e.id)).toEqual([Subjects.estimateCreated, Subjects.estimateUpdated, Subjects.estimateRejected])
  })

  it('shows the live share token to the contractor, decrypted', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const token = svc.deps.shareTokens.generate()
    await svc.deps.prisma.shareLink.create({
      data: {
        estimateId: e.id,
        organizationId: orgId,
        tokenHash: svc.deps.shareTokens.hash(token),
        tokenCiphertext: svc.deps.shareTokens.encrypt(token),
        createdBy: 'u',
      },
    })
    expect((await api('GET', `/estimates/${e.id}`)).body.shareToken).toBe(token)
    expect((await api('GET', '/estimates')).body.estimates[0].shareToken).toBe(token)
    await svc.deps.prisma.shareLink.update({ where: { estimateId: e.id }, data: { revokedAt: new Date() } })
    expect((await api('GET', `/estimates/${e.id}`)).body.shareToken).toBeNull()
  })
})
