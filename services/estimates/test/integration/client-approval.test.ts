import { createHash } from 'node:crypto'
import { PUBLIC_ESTIMATE_MESSAGES, Subjects, SYSTEM_ROLE_PERMISSIONS, ZEstimate, ZPublicEstimate } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { estimatePayload, newOrgId } from '../support/estimates-test-service.js'
import { addSection, outboxSubjects, type PricingTestService, sharedEstimate, startPricingService } from '../support/pricing-fixtures.js'

let svc: PricingTestService

beforeAll(async () => {
  svc = await startPricingService()
})
afterAll(async () => {
  await svc?.close()
})

/** Written here independently of the service's helper: sorted keys at every level, no spaces. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    return `{${Object.keys(record)
      .sort()
      .filter((k) => record[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const approve = (token: string, body: unknown = { signerName: 'Ana Garcia', consent: true }, headers?: Record<string, string>) =>
  svc.publicCall('POST', token, '/approve', body, { headers })
const reject = (token: string, body: unknown = {}) => svc.publicCall('POST', token, '/reject', body)

describe('client approval', () => {
  it('stores an immutable approval with a snapshot of exactly what the client saw, its hash and time; locks the estimate', async () => {
    const orgId = newOrgId()
    svc.settings.set(orgId, { enableLineItems: true, companyName: 'Acme' })
    const api = svc.as(orgId)
    const { estimate, token } = await sharedEstimate(api)
    await api('PATCH', `/estimates/${estimate.id}/content/executive_summary`, { content: 'New roof, 30-year shingles.' })
    await addSection(api, estimate.id, 'Roof', [{ name: 'Shingles', quantity: '30', unitCost: '95.00', isMaterial: true }])
    const seen = await svc.publicCall('GET', token)
    expect(seen.body.approval).toBeNull()

    const res = await approve(
      token,
      { signerName: '  Ana Garcia ', consent: true, snapshotSha256: seen.body.snapshotSha256 },
      { 'user-agent': 'ClientBrowser/1.0' },
    )
    expect(res.status).toBe(200)
    const decided = ZPublicEstimate.parse(res.body)
    expect(decided.status).toBe('approved')
    expect(decided.approval).toMatchObject({ decision: 'approved', signerName: 'Ana Garcia', reason: null, snapshotSha256: seen.body.snapshotSha256 })

    const rows = await svc.deps.prisma.estimateApproval.findMany({ where: { estimateId: estimate.id } })
    expect(rows).toHaveLength(1)
    const row = rows[0]
    const { snapshotSha256: _hash, sinceLastView: _changes, ...whatTheClientSaw } = seen.body
    expect(row.snapshot).toEqual(whatTheClientSaw)
    expect(row.snapshotSha256).toBe(sha256(canonical(row.snapshot)))
    expect(row.snapshotSha256).toBe(seen.body.snapshotSha256)
    expect(row).toMatchObject({ decision: 'approved', signerName: 'Ana Garcia', consent: true, organizationId: orgId, userAgent: 'ClientBrowser/1.0' })
    expect(row.ipHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.ipHash).not.toBe(sha256('127.0.0.1'))
    expect(Math.abs(row.decidedAt.getTime() - Date.now())).toBeLessThan(10_000)

    const after = ZEstimate.parse((await api('GET', `/estimates/${estimate.id}`)).body)
    expect(after.status).toBe('approved')
    expect(after.lockedAt).toBe(row.decidedAt.toISOString())
    expect(after.approval).toMatchObject({ decision: 'approved', signerName: 'Ana Garcia', snapshotSha256: row.snapshotSha256 })
    expect(await outboxSubjects(svc, estimate.id)).toContain(Subjects.estimateApproved)

    // The public page shows the decision from now on.
    const again = await svc.publicCall('GET', token)
    expect(again.body.approval).toMatchObject({ decision: 'approved', signerName: 'Ana Garcia', decidedAt: row.decidedAt.toISOString() })

    // The row cannot be changed or removed, even by the service's own database user.
    await expect(svc.deps.prisma.estimateApproval.update({ where: { id: row.id }, data: { signerName: 'Someone Else' } })).rejects.toThrow()
    await expect(svc.deps.prisma.estimateApproval.delete({ where: { id: row.id } })).rejects.toThrow()
    expect((await svc.deps.prisma.estimateApproval.findUniqueOrThrow({ where: { id: row.id } })).signerName).toBe('Ana Garcia')
  })

  it('refuses a second decision with 409 and the spec-like text', async () => {
    const api = svc.as(newOrgId())
    const { token } = await sharedEstimate(api)
    expect((await approve(token)).status).toBe(200)
    for (const res of [await approve(token), await reject(token, { reason: 'changed my mind' })]) {
      expect(res.status).toBe(409)
      expect(res.body.detail).toBe('This estimate has already been approved.')
    }
    const other = await sharedEstimate(api)
    expect((await reject(other.token, { reason: '  Too expensive  ' })).status).toBe(200)
    for (const res of [await approve(other.token), await reject(other.token)]) {
      expect(res.status).toBe(409)
      expect(res.body.detail).toBe('This estimate has already been declined.')
    }
  })

  it('lets exactly one of two simultaneous decisions win', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api)
    const results = await Promise.all([approve(token), reject(token), approve(token), reject(token)])
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(3)
    expect(await svc.deps.prisma.estimateApproval.count({ where: { estimateId: estimate.id } })).toBe(1)
  })

  it('a locked estimate refuses edits through the contractor routes until reopened', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const { estimate, token } = await sharedEstimate(api)
    const sectionId = await addSection(api, estimate.id, 'Roof', [{ name: 'Shingles', quantity: '1', unitCost: '10.00', isMaterial: true }])
    await approve(token)
    const edits: [string, string, unknown][] = [
      ['PUT', `/estimates/${estimate.id}`, estimatePayload({ projectName: 'Changed' })],
      ['PATCH', `/estimates/${estimate.id}/content/scope_of_work`, { content: 'Changed' }],
      ['POST', `/estimates/${estimate.id}/sections`, { name: 'More' }],
      ['POST', `/sections/${sectionId}/line-items`, { name: 'More', quantity: '1', unitCost: '1.00' }],
      ['PUT', `/estimates/${estimate.id}/pricing`, { markupProfileId: null, taxProfileIds: [] }],
    ]
    for (const [method, path, body] of edits) {
      const res = await api(method, path, body)
      expect(res.status, `${method} ${path}`).toBe(409)
      expect(res.body.code).toBe('ESTIMATE_LOCKED')
    }

    const reopened = await api('POST', `/estimates/${estimate.id}/reopen`)
    expect(reopened.status).toBe(200)
    const e = ZEstimate.parse(reopened.body)
    // The link is still live, so the estimate is shared again.
    expect(e).toMatchObject({ status: 'shared', lockedAt: null, reopenedBy: `user-${orgId}` })
    expect(e.reopenedAt).not.toBeNull()
    expect((await api('PUT', `/estimates/${estimate.id}`, estimatePayload({ projectName: 'Changed' }))).status).toBe(200)

    // The approval stays on record; the client sees no decision and may decide again.
    expect(await svc.deps.prisma.estimateApproval.count({ where: { estimateId: estimate.id } })).toBe(1)
    expect((await svc.publicCall('GET', token)).body.approval).toBeNull()
    const second = await reject(token, { reason: 'Name is wrong now' })
    expect(second.status).toBe(200)
    expect(second.body.approval).toMatchObject({ decision: 'rejected', reason: 'Name is wrong now' })
    expect(await svc.deps.prisma.estimateApproval.count({ where: { estimateId: estimate.id } })).toBe(2)
  })

  it('reopens to draft when no link is live; refuses when there is no decision; needs edit rights', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const { estimate, token } = await sharedEstimate(api)
    const nothing = await api('POST', `/estimates/${estimate.id}/reopen`)
    expect(nothing.status).toBe(409)
    expect(nothing.body.detail).toBe('This estimate has no client decision to reopen.')
    await approve(token)
    const viewer = svc.as(orgId, { permissions: SYSTEM_ROLE_PERMISSIONS.Viewer, userId: 'viewer' })
    expect((await viewer('POST', `/estimates/${estimate.id}/reopen`)).status).toBe(403)
    expect((await svc.as(newOrgId())('POST', `/estimates/${estimate.id}/reopen`)).status).toBe(404)
    await api('DELETE', `/estimates/${estimate.id}/share`)
    const res = await api('POST', `/estimates/${estimate.id}/reopen`)
    expect(res.body).toMatchObject({ status: 'draft', lockedAt: null })
    expect(await outboxSubjects(svc, estimate.id)).toEqual([
      Subjects.estimateCreated,
      Subjects.estimateShared,
      Subjects.estimateApproved,
      Subjects.estimateUpdated,
    ])
  })

  it('rejection keeps the estimate editable, stores the reason and records the event', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api)
    const res = await reject(token, { reason: '  Over budget  ' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'rejected', approval: { decision: 'rejected', reason: 'Over budget', signerName: null } })
    const row = await svc.deps.prisma.estimateApproval.findFirstOrThrow({ where: { estimateId: estimate.id } })
    expect(row).toMatchObject({ decision: 'rejected', reason: 'Over budget', consent: false })
    expect(row.snapshotSha256).toBe(sha256(canonical(row.snapshot)))
    const e = (await api('GET', `/estimates/${estimate.id}`)).body
    expect(e).toMatchObject({ status: 'rejected', lockedAt: null })
    expect((await api('PATCH', `/estimates/${estimate.id}/content/timeline`, { content: 'Two weeks' })).status).toBe(200)
    expect(await outboxSubjects(svc, estimate.id)).toContain(Subjects.estimateRejected)
    const blank = await sharedEstimate(api)
    expect((await reject(blank.token, { reason: '   ' })).body.approval.reason).toBeNull()
  })

  it('refuses a decision on a page that changed after the client loaded it', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api)
    const seen = (await svc.publicCall('GET', token)).body
    await api('PATCH', `/estimates/${estimate.id}/content/executive_summary`, { content: 'Price went up.' })
    const stale = await approve(token, { signerName: 'Ana Garcia', consent: true, snapshotSha256: seen.snapshotSha256 })
    expect(stale.status).toBe(409)
    expect(stale.body.detail).toBe(PUBLIC_ESTIMATE_MESSAGES.changed)
    expect(await svc.deps.prisma.estimateApproval.count({ where: { estimateId: estimate.id } })).toBe(0)
    const fresh = (await svc.publicCall('GET', token)).body
    expect(fresh.snapshotSha256).not.toBe(seen.snapshotSha256)
    expect(fresh.contentSections).toEqual([{ type: 'executive_summary', title: 'Executive Summary', content: 'Price went up.' }])
    expect((await approve(token, { signerName: 'Ana Garcia', consent: true, snapshotSha256: fresh.snapshotSha256 })).status).toBe(200)
  })

  it('validates the decision bodies and the token', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api)
    const noConsent = await approve(token, { signerName: 'Ana Garcia' })
    expect(noConsent.status).toBe(400)
    expect(noConsent.body.errors).toEqual([{ field: 'consent', message: 'Please confirm that you approve this estimate' }])
    expect((await approve(token, { signerName: 'Ana Garcia', consent: false })).body.errors[0].message).toBe('Please confirm that you approve this estimate')
    expect((await approve(token, { signerName: 'Ana Garcia', consent: 'true' })).status).toBe(400)
    const noName = await approve(token, { consent: true })
    expect(noName.body.errors).toEqual([{ field: 'signerName', message: 'Please type your full name' }])
    expect((await approve(token, { signerName: ' A ', consent: true })).body.errors[0].message).toBe('Please type your full name')
    expect((await approve(token, { signerName: 'Ana', consent: true, snapshotSha256: 'abc' })).status).toBe(400)
    expect((await reject(token, { reason: 'x'.repeat(2001) })).status).toBe(400)
    const unknown = await approve('B'.repeat(43))
    expect(unknown.status).toBe(404)
    expect(unknown.body.detail).toBe(PUBLIC_ESTIMATE_MESSAGES.notFound)
    expect(unknown.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(await svc.deps.prisma.estimateApproval.count({ where: { estimateId: estimate.id } })).toBe(0)
    expect((await svc.deps.prisma.estimate.findUniqueOrThrow({ where: { id: estimate.id } })).lockedAt).toBeNull()
  })
})
