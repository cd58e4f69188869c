import { QuotaSubjects, RequestSubjects, Subjects, ZQuotaCheckReply } from '@plumbline/contracts'
import { createEnvelope, request } from '@plumbline/messaging'
import { checkQuota, type QuotaGrant } from '@plumbline/service-kit'
import { identityHeaders } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestService, startAdminTestService } from '../support/admin-test-service.js'

// service-kit's quota client against the real admin responder (issue 15: answers kept per
// process). Requests to admin are counted on the bus itself, by a plain subscriber to the subject.
let svc: AdminTestService
let admin: Record<string, string>
const asked: string[] = []
let seq = 0

beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true, env: { DEFAULT_ESTIMATES_LIMIT: '100' } })
  admin = await identityHeaders({ sub: 'admin-user', email: 'admin@example.com', systemRole: 'admin' })
  svc.deps.bus.nc.subscribe(svc.deps.bus.subject(RequestSubjects.quotaCheck), {
    callback: (_err, msg) => {
      asked.push((JSON.parse(new TextDecoder().decode(msg.data)) as { orgId: string }).orgId)
    },
  })
})
afterAll(async () => {
  await svc?.close()
})

/** A known organisation (overrides need one), its own on every call. */
async function newOrg(): Promise<string> {
  const organizationId = `0190a000-0000-7000-8000-${String(++seq).padStart(12, '0')}`
  await svc.publish(
    createEnvelope({ type: Subjects.organizationCreated, orgId: organizationId, actorId: null, data: { organizationId, name: `Org ${seq}`, ownerId: 'o' } }),
  )
  await svc.waitForConsumer('admin-on-organization-created-v1', 'auth')
  return organizationId
}
const check = (orgId: string) => checkQuota(svc.deps, orgId, 'estimates')
const allowed = { release: expect.any(Function) }
const askedFor = (orgId: string) => asked.filter((o) => o === orgId).length
const setOverride = async (orgId: string, estimatesPerMonth: number) =>
  expect((await svc.call('PUT', `/admin/subscription-overrides/${orgId}`, { headers: admin, body: { estimatesPerMonth } })).status).toBe(200)
/** What the estimates service publishes for each create; admin counts the month's usage from it. */
async function created(orgId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID())
  for (const estimateId of ids) {
    const data = { estimateId, projectName: 'P', clientName: 'C', status: 'draft' }
    await svc.publish(createEnvelope({ type: Subjects.estimateCreated, orgId, actorId: 'u', data }))
  }
  await svc.waitForConsumer('admin-on-estimate-created-v1', 'estimates')
  return ids
}
const settle = (checks: Promise<QuotaGrant>[]) => Promise.allSettled(checks)
const refusals = (results: PromiseSettledResult<QuotaGrant>[]) => results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)

describe('quota answers kept by the client', () => {
  it('allows from a kept answer without asking admin again', async () => {
    const orgId = await newOrg()
    await check(orgId)
    expect(askedFor(orgId)).toBe(1)
    // Half the headroom of 100 is 50 grants; these ten take none of admin's time.
    for (let i = 0; i < 10; i++) await check(orgId)
    expect(askedFor(orgId)).toBe(1)
    // Concurrent first checks of another organisation share one request.
    const other = await newOrg()
    await Promise.all([1, 2, 3, 4].map(() => check(other)))
    expect(askedFor(other)).toBe(1)
  })

  it('refuses at once after an override is lowered, and allows again once it is raised', async () => {
    const orgId = await newOrg()
    await created(orgId, 2)
    await check(orgId)
    await setOverride(orgId, 2)
    await expect(check(orgId)).rejects.toMatchObject({
      status: 429,
      code: 'ESTIMATE_LIMIT_REACHED',
      message: 'Monthly estimate limit reached (2 of 2). Upgrade your plan or wait until next month.',
    })
    // A refusal is never kept: each check asks again, so a raised limit holds at once too.
    const before = askedFor(orgId)
    await expect(check(orgId)).rejects.toMatchObject({ status: 429 })
    expect(askedFor(orgId)).toBe(before + 1)
    await setOverride(orgId, 10)
    await expect(check(orgId)).resolves.toEqual(allowed)
  })

  it('with a limit of N, exactly N of many concurrent actions are allowed, before admin has counted any', async () => {
    const orgId = await newOrg()
    await setOverride(orgId, 5)
    const results = await settle(Array.from({ length: 12 }, () => check(orgId)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
    for (const err of refusals(results)) expect(err).toMatchObject({ status: 429, message: expect.stringContaining('(5 of 5)') })
    // Admin counts them from their events; the answer then is its own count, still no more.
    await created(orgId, 5)
    await expect(check(orgId)).rejects.toMatchObject({ status: 429, message: expect.stringContaining('(5 of 5)') })
  })

  it("spends at most half of an answer's headroom, then admin's own count (other processes' actions included) refuses", async () => {
    const orgId = await newOrg()
    await setOverride(orgId, 4)
    await check(orgId) // admin: 0 of 4, so two grants here before asking again
    await created(orgId, 4) // actions of other processes, counted by admin
    await check(orgId) // the second grant of the kept answer
    expect(askedFor(orgId)).toBe(1)
    await expect(check(orgId)).rejects.toMatchObject({ status: 429, message: expect.stringContaining('(4 of 4)') })
    expect(askedFor(orgId)).toBe(2)
  })

  it('allows again once a delete in the same month gives usage back (admin announces it)', async () => {
    const orgId = await newOrg()
    await setOverride(orgId, 2)
    await check(orgId)
    await check(orgId)
    const [first] = await created(orgId, 2)
    await expect(check(orgId)).rejects.toMatchObject({ status: 429, message: expect.stringContaining('(2 of 2)') })
    const data = { estimateId: first, projectName: 'P', clientName: 'C', status: 'draft' }
    await svc.publish(createEnvelope({ type: Subjects.estimateDeleted, orgId, actorId: 'u', data }))
    await svc.waitForConsumer('admin-on-estimate-deleted-v1', 'estimates')
    // Without the notice this process would still count its own two grants against admin's 1.
    await expect(check(orgId)).resolves.toEqual(allowed)
  })

  it("a failed action's grant goes back to its answer, so near the limit the next action is allowed", async () => {
    const orgId = await newOrg()
    await setOverride(orgId, 1)
    const failed = await check(orgId) // admin: 0 of 1, the one grant
    failed.release()
    failed.release() // a second release gives back nothing more
    await check(orgId)
    expect(askedFor(orgId)).toBe(1)
    // The grant given back once is taken once: the answer is spent now, and admin is asked again.
    await expect(check(orgId)).rejects.toMatchObject({ status: 429, message: expect.stringContaining('(1 of 1)') })
    expect(askedFor(orgId)).toBe(2)
  })

  it('a grant released after a limits notice dropped its answer is not given to the newer answer', async () => {
    const orgId = await newOrg()
    await setOverride(orgId, 2)
    const failed = await check(orgId) // admin: 0 of 2, one grant (half the headroom)
    await setOverride(orgId, 2) // the notice drops the answer
    await check(orgId) // a new answer, 0 of 2 again, and its one grant
    expect(askedFor(orgId)).toBe(2)
    failed.release()
    // The new answer was worked out without the released grant; it stays spent.
    await check(orgId)
    expect(askedFor(orgId)).toBe(3)
  })

  it('an unlimited organisation is asked about once', async () => {
    const orgId = await newOrg()
    // -1 (unlimited) is set by the plans, not the admin screen's override form.
    await svc.deps.prisma.subscriptionOverride.create({ data: { organizationId: orgId, estimatesPerMonth: -1 } })
    await Promise.all(Array.from({ length: 20 }, () => check(orgId)))
    for (let i = 0; i < 5; i++) await check(orgId)
    expect(askedFor(orgId)).toBe(1)
  })
})

describe("admin's limits notice", () => {
  it('goes out only once the change it announces has committed', async () => {
    const orgId = await newOrg()
    await setOverride(orgId, 5)
    const [first] = await created(orgId, 2)
    // Commits of usage changes take half a second longer: a notice sent before the commit is
    // heard while admin still answers with the old count.
    await svc.deps.prisma.$executeRawUnsafe(
      `CREATE FUNCTION admin.slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.5); RETURN NULL; END $$`,
    )
    await svc.deps.prisma.$executeRawUnsafe(
      `CREATE CONSTRAINT TRIGGER slow_commit AFTER UPDATE ON admin.usage_counters DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION admin.slow_commit()`,
    )
    const heard: Promise<number>[] = []
    const listener = svc.deps.bus.nc.subscribe(svc.deps.bus.subject(QuotaSubjects.limitsChanged), {
      callback: (_err, msg) => {
        if ((JSON.parse(new TextDecoder().decode(msg.data)) as { orgId: string }).orgId !== orgId) return
        // What a service holding answers does on the notice: ask admin again.
        heard.push(request(svc.deps.bus, RequestSubjects.quotaCheck, { orgId, kind: 'estimates' }, { schema: ZQuotaCheckReply }).then((r) => r.used))
      },
    })
    try {
      const data = { estimateId: first, projectName: 'P', clientName: 'C', status: 'draft' }
      await svc.publish(createEnvelope({ type: Subjects.estimateDeleted, orgId, actorId: 'u', data }))
      await svc.waitForConsumer('admin-on-estimate-deleted-v1', 'estimates')
      expect(await Promise.all(heard)).toEqual([1])
    } finally {
      listener.unsubscribe()
      await svc.deps.prisma.$executeRawUnsafe('DROP TRIGGER slow_commit ON admin.usage_counters')
      await svc.deps.prisma.$executeRawUnsafe('DROP FUNCTION admin.slow_commit()')
    }
  })
})
