import { EMAIL_NOTIFICATION_KINDS, MailSubjects, Subjects, UNSUBSCRIBE_NOT_FOUND, ZMailRequestedV1, ZNotificationPreferences } from '@plumbline/contracts'
import { createEnvelope } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestService, estimateEvent, memberOf, startAdminTestService } from '../support/admin-test-service.js'

// The contractor hears about the client's actions by e-mail besides the bell: per member and
// kind in their preferences, with a one-click unsubscribe for that kind.

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true })
})
afterAll(async () => {
  await svc?.close()
})

async function settle() {
  await svc.waitForConsumer('admin-notifications-on-estimate-events-v1', 'estimates')
  await svc.waitForConsumer('admin-on-user-registered-v1', 'auth')
}

const mails = async (orgId: string) =>
  (
    await svc.deps.prisma.$queryRaw<{ payload: { data: unknown } }[]>`
      SELECT payload FROM outbox_events WHERE subject = ${MailSubjects.admin} AND payload->>'orgId' = ${orgId} ORDER BY created_at`
  ).map((r) => ZMailRequestedV1.parse(r.payload.data))

const START = Date.now() - 3600_000
const at = (seconds: number) => new Date(START + seconds * 1000).toISOString()

async function contractor(orgId: string, userId: string) {
  await svc.publish(
    createEnvelope({
      type: Subjects.userRegistered,
      orgId,
      actorId: userId,
      data: { userId, email: `${userId}@example.com`, organizationId: orgId, firstName: 'Casey', lastName: 'Builder' },
    }),
  )
}

const prefs = (orgId: string) => `/organizations/${orgId}/notification-preferences`

describe('notification e-mails', () => {
  it('mails the creator when the client first views (once that day), approves or declines, each with a one-click unsubscribe', async () => {
    const orgId = 'org-mail-flow'
    await contractor(orgId, 'u-cas')
    const e = { estimateId: 'est-m1', projectName: 'Kitchen Remodel', clientName: 'Jordan Smith' }
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, e, { actorId: 'u-cas', occurredAt: at(1) }))
    await svc.publish(estimateEvent(Subjects.estimateViewed, orgId, e, { occurredAt: at(2) }))
    await svc.publish(estimateEvent(Subjects.estimateViewed, orgId, e, { occurredAt: at(3) }))
    await svc.publish(estimateEvent(Subjects.estimateApproved, orgId, e, { occurredAt: at(4) }))
    await settle()
    const sent = await mails(orgId)
    expect(sent.map((m) => m.subject)).toEqual(['Jordan Smith opened “Kitchen Remodel”', 'Jordan Smith approved “Kitchen Remodel”'])
    const [viewed] = sent
    expect(viewed).toMatchObject({ to: ['u-cas@example.com'], tag: 'notification-estimate_viewed', heading: 'Estimate viewed' })
    expect(viewed!.action?.url).toBe('http://localhost:3000/estimates/est-m1')
    expect(viewed!.unsubscribe?.oneClickUrl).toMatch(/^http:\/\/localhost:3000\/api\/public\/notification-preferences\/unsubscribe\/[\w-]{32}$/)
    expect(viewed!.unsubscribe?.url).toMatch(/^http:\/\/localhost:3000\/share\/unsubscribe\/[\w-]{32}$/)

    // One click (a mail client's POST, form-encoded) turns that kind off for that member only.
    const token = viewed!.unsubscribe!.oneClickUrl.split('/').at(-1)!
    const res = await svc.call('POST', `/public/notification-preferences/unsubscribe/${token}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ kind: 'estimate_viewed', email: false })
    const mine = await svc.call('GET', prefs(orgId), { headers: await memberOf(orgId, 'Member', 'u-cas') })
    expect(ZNotificationPreferences.parse(mine.json).preferences).toEqual([
      { kind: 'estimate_viewed', email: false },
      { kind: 'estimate_approved', email: true },
      { kind: 'estimate_declined', email: true },
      { kind: 'estimate_change_requested', email: true },
    ])
    // A view on another day: the bell hears of it, the e-mail does not come.
    const e2 = { ...e, estimateId: 'est-m2' }
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, e2, { actorId: 'u-cas', occurredAt: at(5) }))
    await svc.publish(estimateEvent(Subjects.estimateViewed, orgId, e2, { occurredAt: at(6) }))
    await svc.publish(estimateEvent(Subjects.estimateRejected, orgId, e2, { occurredAt: at(7) }))
    await settle()
    expect((await mails(orgId)).map((m) => m.subject)).toEqual([
      'Jordan Smith opened “Kitchen Remodel”',
      'Jordan Smith approved “Kitchen Remodel”',
      'Jordan Smith declined “Kitchen Remodel”',
    ])
    expect(await svc.deps.prisma.notification.count({ where: { organizationId: orgId, entityId: 'est-m2' } })).toBe(2)
  })

  it("mails the creator and the last sharer each change request, quoting the client's message, unless they chose bell only", async () => {
    const orgId = 'org-mail-changes'
    await contractor(orgId, 'u-ada')
    await contractor(orgId, 'u-sam')
    const e = { estimateId: 'est-c1', projectName: 'Porch Repair', clientName: 'Jordan Smith' }
    const ask = (message: string, second: number) =>
      svc.publish(estimateEvent(Subjects.estimateChangeRequested, orgId, { ...e, commentId: `c-${second}`, message } as typeof e, { occurredAt: at(second) }))
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, e, { actorId: 'u-ada', occurredAt: at(1) }))
    await svc.publish(estimateEvent(Subjects.estimateShared, orgId, e, { actorId: 'u-sam', occurredAt: at(2) }))
    await ask('Could the railing be black instead of white?', 3)
    await settle()
    const first = (await mails(orgId)).filter((m) => m.tag === 'notification-estimate_change_requested')
    expect(first.map((m) => m.to[0]).sort()).toEqual(['u-ada@example.com', 'u-sam@example.com'])
    expect(first[0]).toMatchObject({
      subject: 'Jordan Smith asked for changes to “Porch Repair”',
      heading: 'Changes requested',
      note: { label: 'Their message', text: 'Could the railing be black instead of white?' },
      action: { label: 'Open the estimate to reply', url: 'http://localhost:3000/estimates/est-c1' },
      footer: ['You get this e-mail because of your notification settings: A client asks for changes to an estimate.'],
    })
    expect(first[0]!.unsubscribe?.oneClickUrl).toMatch(/\/api\/public\/notification-preferences\/unsubscribe\/[\w-]{32}$/)

    // The bell has it for both; each message is news of its own.
    const bell = await svc.call('GET', `/organizations/${orgId}/notifications`, { headers: await memberOf(orgId, 'Member', 'u-ada') })
    expect(bell.json.notifications[0]).toMatchObject({ kind: 'estimate_change_requested', title: 'Changes requested', link: '/estimates/est-c1' })

    // Bell only for this kind: the next message reaches the bell but not the inbox.
    const put = await svc.call('PUT', prefs(orgId), {
      body: { preferences: [{ kind: 'estimate_change_requested', email: false }] },
      headers: await memberOf(orgId, 'Member', 'u-sam'),
    })
    expect(put.status).toBe(200)
    await ask('And the gate too, please.', 4)
    await settle()
    const all = (await mails(orgId)).filter((m) => m.tag === 'notification-estimate_change_requested')
    expect(all.map((m) => `${m.to[0]}: ${m.note?.text}`).slice(2)).toEqual(['u-ada@example.com: And the gate too, please.'])
    expect(await svc.deps.prisma.notification.count({ where: { organizationId: orgId, entityId: 'est-c1', kind: 'estimate_change_requested' } })).toBe(4)
  })

  it('keeps the choices per member: PUT changes the kinds named, GET answers every kind; bad bodies are 400', async () => {
    const orgId = 'org-mail-prefs'
    const headers = await memberOf(orgId, 'Member', 'u-pat')
    const put = (body: unknown) => svc.call('PUT', prefs(orgId), { body, headers })
    expect((await put({ preferences: [{ kind: 'estimate_approved', email: false }] })).json.preferences).toContainEqual({
      kind: 'estimate_approved',
      email: false,
    })
    expect((await put({ preferences: [{ kind: 'task_due', email: false }] })).status).toBe(400)
    expect((await put({ preferences: [{ kind: 'estimate_viewed', email: 'no' }] })).status).toBe(400)
    const other = await svc.call('GET', prefs(orgId), { headers: await memberOf(orgId, 'Member', 'u-other') })
    expect(other.json.preferences).toEqual(EMAIL_NOTIFICATION_KINDS.map((kind) => ({ kind, email: true })))
    // Another organisation's path is 404, whatever the member's own.
    expect((await svc.call('GET', prefs('org-else'), { headers })).status).toBe(404)
  })

  it('answers 404 for an unknown unsubscribe token', async () => {
    const res = await svc.call('POST', '/public/notification-preferences/unsubscribe/not-a-real-token-0000000000000', {})
    expect(res.status).toBe(404)
    expect(res.json.detail).toBe(UNSUBSCRIBE_NOT_FOUND)
  })
})
