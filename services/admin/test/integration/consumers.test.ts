import { Subjects, ZActivityList } from '@plumbline/contracts'
import { createEnvelope } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { monthOf } from '../../src/domain/month.js'
import { type AdminTestService, estimateEvent, memberOf, startAdminTestService } from '../support/admin-test-service.js'

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true })
})
afterAll(async () => {
  await svc?.close()
})

const CREATED = 'admin-on-estimate-created-v1'
const month = monthOf(new Date())
const usage = (orgId: string) =>
  svc.deps.prisma.usageCounter.findUnique({ where: { organizationId_month_kind: { organizationId: orgId, month, kind: 'estimates' } } })
const totals = (orgId: string) => svc.deps.prisma.orgTotals.findUnique({ where: { organizationId: orgId } })
async function settle() {
  for (const durable of [
    CREATED,
    'admin-on-estimate-deleted-v1',
    'admin-on-estimate-updated-v1',
    'admin-on-estimate-shared-v1',
    'admin-on-estimate-approved-v1',
  ]) {
    await svc.waitForConsumer(durable, 'estimates')
  }
  for (const durable of ['admin-on-user-registered-v1', 'admin-on-user-deleted-v1']) await svc.waitForConsumer(durable, 'auth')
}

describe('admin-on-estimate-created-v1', () => {
  it('counts the same event delivered twice once', async () => {
    const event = estimateEvent(Subjects.estimateCreated, 'org-dup', { estimateId: 'e1', projectName: 'Kitchen' })
    await svc.publish(event)
    await svc.publish(event)
    await settle()
    const info = await svc.deps.bus.jsm.streams.info(`${svc.deps.bus.prefix.toUpperCase()}_ESTIMATES`)
    expect(info.state.messages).toBeGreaterThanOrEqual(2) // both copies really reached the stream
    expect((await usage('org-dup'))?.count).toBe(1)
    expect((await totals('org-dup'))?.totalEstimates).toBe(1)
    expect(await svc.deps.prisma.activity.count({ where: { organizationId: 'org-dup' } })).toBe(1)
    expect(await svc.deps.prisma.processedEvent.count({ where: { consumer: CREATED, eventId: event.id } })).toBe(1)
  })

  it('counts usage in the month the estimate was created', async () => {
    await svc.publish(
      estimateEvent(Subjects.estimateCreated, 'org-months', { estimateId: 'old', projectName: 'Old' }, { occurredAt: '2020-02-29T23:59:59.000Z' }),
    )
    await svc.publish(estimateEvent(Subjects.estimateCreated, 'org-months', { estimateId: 'new', projectName: 'New' }))
    await settle()
    const rows = await svc.deps.prisma.usageCounter.findMany({ where: { organizationId: 'org-months' }, orderBy: { month: 'asc' } })
    expect(rows.map((r) => [r.month, r.count])).toEqual([
      ['2020-02', 1],
      [month, 1],
    ])
    expect((await totals('org-months'))?.totalEstimates).toBe(2)
  })
})

describe('usage and dashboard metrics follow the events', () => {
  it('GET usage and GET dashboard/metrics reflect created and deleted estimates', async () => {
    const orgId = 'org-metrics'
    const headers = await memberOf(orgId, 'Member')
    for (const id of ['a', 'b', 'c']) await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, { estimateId: id, projectName: `Project ${id}` }))
    await svc.publish(estimateEvent(Subjects.estimateDeleted, orgId, { estimateId: 'a', projectName: 'Project a' }))
    await settle()
    // Deleted in the month it was created: its quota is given back (README "Quota and deleting").
    expect((await svc.call('GET', `/organizations/${orgId}/usage`, { headers })).json).toMatchObject({ estimatesUsedThisMonth: 2, estimatesLimit: 50 })
    expect((await svc.call('GET', `/dashboard/metrics?organizationId=${orgId}`, { headers })).json).toEqual({ totalEstimates: 2, totalMeetings: 0 })
  })

  it('a delete never takes the total below zero, and repeated or unknown deletes change nothing', async () => {
    await svc.publish(estimateEvent(Subjects.estimateCreated, 'org-floor', { estimateId: 'x', projectName: 'X' }))
    await svc.publish(estimateEvent(Subjects.estimateCreated, 'org-floor', { estimateId: 'y', projectName: 'Y' }))
    await settle()
    for (const id of ['x', 'x', 'ghost-1', 'ghost-2'])
      await svc.publish(estimateEvent(Subjects.estimateDeleted, 'org-floor', { estimateId: id, projectName: id }))
    await settle()
    expect((await totals('org-floor'))?.totalEstimates).toBe(1)
    // x's quota comes back once; the repeated and unknown deletes give nothing back.
    expect((await usage('org-floor'))?.count).toBe(1)
  })

  it('a delete handled before its create (same month) leaves the total alone and uses no quota', async () => {
    await svc.publish(estimateEvent(Subjects.estimateDeleted, 'org-order', { estimateId: 'late', projectName: 'Late' }))
    await settle()
    await svc.publish(estimateEvent(Subjects.estimateCreated, 'org-order', { estimateId: 'late', projectName: 'Late' }))
    await settle()
    expect((await totals('org-order'))?.totalEstimates ?? 0).toBe(0)
    expect((await usage('org-order'))?.count ?? 0).toBe(0)
  })

  it('gives quota back only for a delete in the UTC month of the create; earlier months stay as they were', async () => {
    const orgId = 'org-quota-months'
    const earlier = '2020-02-29T23:59:59.000Z'
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, { estimateId: 'old', projectName: 'Old' }, { occurredAt: earlier }))
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, { estimateId: 'now', projectName: 'Now' }))
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, { estimateId: 'kept', projectName: 'Kept' }))
    await settle()
    await svc.publish(estimateEvent(Subjects.estimateDeleted, orgId, { estimateId: 'old', projectName: 'Old' }))
    await svc.publish(estimateEvent(Subjects.estimateDeleted, orgId, { estimateId: 'now', projectName: 'Now' }))
    await settle()
    const rows = await svc.deps.prisma.usageCounter.findMany({ where: { organizationId: orgId }, orderBy: { month: 'asc' } })
    // February 2020 keeps its creation (deleted years later); this month counts only the kept estimate.
    expect(rows.map((r) => [r.month, r.count])).toEqual([
      ['2020-02', 1],
      [month, 1],
    ])
    expect((await totals(orgId))?.totalEstimates).toBe(1)
  })

  it('one estimate published twice under different event ids counts once', async () => {
    for (let i = 0; i < 2; i++) await svc.publish(estimateEvent(Subjects.estimateCreated, 'org-republish', { estimateId: 'same', projectName: 'Same' }))
    await settle()
    expect((await totals('org-republish'))?.totalEstimates).toBe(1)
    expect((await usage('org-republish'))?.count).toBe(1)
  })
})

describe('activity feed', () => {
  it('records created, updated, shared and approved estimates newest first, naming known users', async () => {
    const orgId = 'org-feed'
    const registered = createEnvelope({
      type: Subjects.userRegistered,
      orgId,
      actorId: 'u-robin',
      data: { userId: 'u-robin', email: 'robin@example.com', organizationId: orgId, firstName: 'Robin', lastName: 'Reyes' },
    })
    await svc.publish(registered)
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, s)).toISOString()
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, { estimateId: 'e', projectName: 'Deck' }, { actorId: 'u-robin', occurredAt: at(1) }))
    await svc.publish(estimateEvent(Subjects.estimateUpdated, orgId, { estimateId: 'e', projectName: 'Deck' }, { actorId: 'u-robin', occurredAt: at(2) }))
    await svc.publish(estimateEvent(Subjects.estimateShared, orgId, { estimateId: 'e', projectName: 'Deck' }, { actorId: 'u-unknown', occurredAt: at(3) }))
    await svc.publish(estimateEvent(Subjects.estimateApproved, orgId, { estimateId: 'e', projectName: 'Deck' }, { actorId: null, occurredAt: at(4) }))
    await settle()

    const res = await svc.call('GET', `/organizations/${orgId}/activities`, { headers: await memberOf(orgId, 'Viewer') })
    expect(res.status).toBe(200)
    const list = ZActivityList.parse(res.json)
    const none = { firstName: null, lastName: null, email: null }
    const robin = { firstName: 'Robin', lastName: 'Reyes', email: 'robin@example.com' }
    expect(list.map(({ id: _id, ...rest }) => rest)).toEqual([
      { type: 'estimate_approved', action: 'approved estimate', target: 'Deck', createdAt: at(4), user: none },
      { type: 'estimate_shared', action: 'shared estimate', target: 'Deck', createdAt: at(3), user: none },
      { type: 'estimate_updated', action: 'updated estimate', target: 'Deck', createdAt: at(2), user: robin },
      { type: 'estimate_created', action: 'created estimate', target: 'Deck', createdAt: at(1), user: robin },
      { type: 'team_member', action: 'joined the team', target: 'robin@example.com', createdAt: registered.occurredAt, user: robin },
    ])
    expect(list.at(-1)!.id).toBe(registered.id)

    // A deleted account's address leaves the feed.
    await svc.publish(createEnvelope({ type: Subjects.userDeleted, orgId: null, actorId: null, data: { userId: 'u-robin' } }))
    await settle()
    const after = ZActivityList.parse((await svc.call('GET', `/organizations/${orgId}/activities`, { headers: await memberOf(orgId) })).json)
    expect(after.every((a) => a.user.email === null && a.user.firstName === null)).toBe(true)
    expect(after).toHaveLength(5)
  })

  it('keeps a known name when a replayed older event carries none', async () => {
    const orgId = 'org-names'
    const named = { userId: 'u-kim', email: 'kim@example.com', organizationId: orgId, firstName: 'Kim', lastName: 'Lee' }
    await svc.publish(createEnvelope({ type: Subjects.userRegistered, orgId, actorId: 'u-kim', data: named }))
    await settle()
    const unnamed = { userId: 'u-kim', email: 'kim@new.example.com', organizationId: orgId }
    await svc.publish(createEnvelope({ type: Subjects.userRegistered, orgId, actorId: 'u-kim', data: unnamed }))
    await settle()
    const actor = await svc.deps.prisma.actor.findUnique({ where: { userId: 'u-kim' } })
    expect(actor).toMatchObject({ email: 'kim@new.example.com', firstName: 'Kim', lastName: 'Lee' })
  })

  it('pages the feed newest first, only of the own organisation', async () => {
    const orgId = 'org-many'
    await svc.deps.prisma.activity.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        organizationId: orgId,
        type: 'estimate_updated' as const,
        action: 'updated estimate',
        target: `P${i}`,
        createdAt: new Date(Date.UTC(2031, 0, 1, 0, i)),
      })),
    })
    const get = async (query: string) =>
      ZActivityList.parse((await svc.call('GET', `/organizations/${orgId}/activities${query}`, { headers: await memberOf(orgId) })).json)
    const first = await get('')
    expect(first).toHaveLength(50)
    expect(first[0].target).toBe('P59')
    expect(first[49].target).toBe('P10')
    const second = await get('?page=2')
    expect(second.map((a) => a.target)).toEqual(['P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1', 'P0'])
    const small = await get('?page=3&limit=7')
    expect(small.map((a) => a.target)).toEqual(['P45', 'P44', 'P43', 'P42', 'P41', 'P40', 'P39'])
    expect(await get('?page=9')).toEqual([])

    const empty = (await svc.call('GET', '/organizations/org-quiet/activities', { headers: await memberOf('org-quiet') })).json
    expect(empty).toEqual([])
    // A member of another organisation cannot read this one's feed.
    const foreign = await svc.call('GET', `/organizations/${orgId}/activities`, { headers: await memberOf('org-quiet') })
    expect(foreign.status).toBe(404)
    expect(JSON.stringify(foreign.json)).not.toContain('P59')
  })

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const res = await svc.call('GET', `/organizations/org-many/activities?${query}`, { headers: await memberOf('org-many') })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.json)).toContain(field)
  })
})
