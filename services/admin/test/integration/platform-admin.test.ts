import { type QuotaCheckReply, RequestSubjects, Subjects, ZAuditEntry, ZQuotaCheckReply, ZSubscriptionOverrideRow } from '@plumbline/contracts'
import { createEnvelope, request } from '@plumbline/messaging'
import { identityHeaders } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestService, memberOf, startAdminTestService } from '../support/admin-test-service.js'

let svc: AdminTestService
let admin: Record<string, string>
const ORG_A = '0190a000-0000-7000-8000-00000000000a'
const ORG_B = '0190a000-0000-7000-8000-00000000000b'

beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true })
  admin = await identityHeaders({ sub: 'admin-user', email: 'admin@example.com', systemRole: 'admin' })
  for (const [organizationId, name] of [
    [ORG_A, 'Acme Builders'],
    [ORG_B, 'Beam Co'],
  ]) {
    await svc.publish(
      createEnvelope({ type: Subjects.organizationCreated, orgId: organizationId, actorId: null, data: { organizationId, name, ownerId: `owner-${name}` } }),
    )
  }
  await svc.waitForConsumer('admin-on-organization-created-v1', 'auth')
})
afterAll(async () => {
  await svc?.close()
})

const quota = async (orgId: string, kind = 'estimates'): Promise<QuotaCheckReply> =>
  request(svc.deps.bus, RequestSubjects.quotaCheck, { orgId, kind }, { schema: ZQuotaCheckReply, timeoutMs: 3000 })
const rows = async () => {
  const res = await svc.call('GET', '/admin/subscription-overrides', { headers: admin })
  expect(res.status).toBe(200)
  return res.json.map((r: unknown) => ZSubscriptionOverrideRow.parse(r)) as ReturnType<typeof ZSubscriptionOverrideRow.parse>[]
}
const put = (orgId: string, body: unknown) => svc.call('PUT', `/admin/subscription-overrides/${orgId}`, { headers: admin, body })

describe('platform admin routes of the admin service', () => {
  it('answer 403 to a non-admin and 401 when signed out', async () => {
    const member = await memberOf(ORG_A, 'Owner')
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/subscription-overrides'],
      ['PUT', `/admin/subscription-overrides/${ORG_A}`, { estimatesPerMonth: 0 }],
      ['DELETE', `/admin/subscription-overrides/${ORG_A}`],
      ['GET', '/admin/audit'],
    ]
    for (const [method, path, body] of calls) {
      expect((await svc.call(method, path, { headers: member, body })).status, `${method} ${path}`).toBe(403)
      expect((await svc.call(method, path, { body })).status, `${method} ${path} signed out`).toBe(401)
    }
    expect(await svc.deps.prisma.subscriptionOverride.count()).toBe(0)
  })

  it('lists every organisation auth announced, on the Free plan with the default limits', async () => {
    const list = await rows()
    expect(list.map((r) => r.organizationName)).toEqual(['Acme Builders', 'Beam Co'])
    expect(list[0]).toEqual({
      organizationId: ORG_A,
      organizationName: 'Acme Builders',
      currentPlan: 'Free',
      estimatesUsed: 0,
      estimatesLimit: 50,
      pdfUsed: 0,
      pdfLimit: 100,
      aiUsed: 0,
      aiLimit: 200,
      overrideEstimatesPerMonth: null,
      overridePdfGenerationsPerMonth: null,
      overrideAiGenerationsPerMonth: null,
      note: null,
    })
  })

  it('refuses limits that are not whole numbers of 0 or more, and unknown organisations', async () => {
    for (const body of [{ estimatesPerMonth: -1 }, { pdfGenerationsPerMonth: 1.5 }, { aiGenerationsPerMonth: '3' }, { note: 42 }]) {
      const res = await put(ORG_A, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.errors[0].field).toBe(Object.keys(body)[0])
    }
    expect((await put('0190a000-0000-7000-8000-0000000000ff', { estimatesPerMonth: 1 })).status).toBe(404)
    expect(await svc.deps.prisma.subscriptionOverride.count()).toBe(0)
  })

  it('an override stops the next quota check and shows in the usage bars; removing it restores the plan', async () => {
    expect(await quota(ORG_A)).toEqual({ allowed: true, used: 0, limit: 50 })
    const saved = await put(ORG_A, { estimatesPerMonth: 0, aiGenerationsPerMonth: 5, note: '  Paused for billing  ' })
    expect(saved.status).toBe(200)
    expect(await quota(ORG_A)).toEqual({ allowed: false, used: 0, limit: 0 })
    expect(await quota(ORG_A, 'ai')).toEqual({ allowed: true, used: 0, limit: 5 })
    expect(await quota(ORG_A, 'pdf')).toEqual({ allowed: true, used: 0, limit: 100 })
    expect(await quota(ORG_B)).toEqual({ allowed: true, used: 0, limit: 50 })
    const usage = await svc.call('GET', `/organizations/${ORG_A}/usage`, { headers: await memberOf(ORG_A) })
    expect(usage.json).toMatchObject({ estimatesLimit: 0, aiLimit: 5, pdfLimit: 100 })
    const row = (await rows()).find((r) => r.organizationId === ORG_A)
    expect(row).toMatchObject({
      estimatesLimit: 0,
      aiLimit: 5,
      overrideEstimatesPerMonth: 0,
      overrideAiGenerationsPerMonth: 5,
      overridePdfGenerationsPerMonth: null,
      note: 'Paused for billing',
    })

    // A second save replaces the override: a field left out defers to the plan again.
    await put(ORG_A, { pdfGenerationsPerMonth: 2, note: null })
    expect(await quota(ORG_A)).toEqual({ allowed: true, used: 0, limit: 50 })
    expect(await quota(ORG_A, 'pdf')).toEqual({ allowed: true, used: 0, limit: 2 })

    const removed = await svc.call('DELETE', `/admin/subscription-overrides/${ORG_A}`, { headers: admin })
    expect(removed.status).toBe(200)
    expect(await quota(ORG_A, 'pdf')).toEqual({ allowed: true, used: 0, limit: 100 })
    expect((await svc.call('DELETE', `/admin/subscription-overrides/${ORG_A}`, { headers: admin })).status).toBe(404)
  })

  it('keeps an audit log of override changes and of account actions reported by auth', async () => {
    await svc.publish(
      createEnvelope({
        type: Subjects.adminActionRecorded,
        orgId: null,
        actorId: 'admin-user',
        data: { action: 'user.deleted', target: 'user-9', before: { email: 'gone@example.com' }, after: null },
      }),
    )
    await svc.waitForConsumer('admin-on-admin-action-recorded-v1', 'auth')
    const res = await svc.call('GET', '/admin/audit', { headers: admin })
    expect(res.status).toBe(200)
    const entries = res.json.map((e: unknown) => ZAuditEntry.parse(e))
    const mine = entries.filter((e: { target: string }) => e.target === ORG_A)
    expect(mine.map((e: { action: string }) => e.action)).toEqual(['subscription_override.removed', 'subscription_override.set', 'subscription_override.set'])
    expect(mine[0]).toMatchObject({ actorId: 'admin-user', before: { pdfGenerationsPerMonth: 2, estimatesPerMonth: null }, after: null })
    expect(mine[2]).toMatchObject({ before: null, after: { estimatesPerMonth: 0, aiGenerationsPerMonth: 5, note: 'Paused for billing' } })
    expect(entries.find((e: { target: string }) => e.target === 'user-9')).toMatchObject({
      action: 'user.deleted',
      before: { email: 'gone@example.com' },
      after: null,
    })
  })
})
