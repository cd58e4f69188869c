import { MailSubjects, REMINDER_MESSAGES, ZMailRequestedV1 } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendDueReminders } from '../../src/usecases/send-due-reminders.js'
import { createEstimate, newOrgId } from '../support/estimates-test-service.js'
import { type PricingTestService, startPricingService } from '../support/pricing-fixtures.js'

// Follow-up reminders: a durable schedule in PostgreSQL, started by each send (the company's
// default unless the send names its own), sent by the worker through the outbox every N days up
// to a maximum, once however many workers run, and stopped by a decision, a disabled or expired
// link, or the client's one-click unsubscribe. Time comes from a clock the test moves.

const DAY = 86_400_000
let now = new Date('2027-01-04T09:00:00.000Z')
const clock = { now: () => new Date(now) }
const advanceDays = (days: number) => {
  now = new Date(now.getTime() + days * DAY)
}
let svc: PricingTestService
beforeAll(async () => {
  svc = await startPricingService({}, { clock })
})
afterAll(async () => {
  await svc?.close()
})

const reminderMails = async (orgId: string) =>
  (
    await svc.deps.prisma.$queryRaw<{ id: string; payload: { data: unknown } }[]>`
      SELECT id, payload FROM outbox_events
      WHERE subject = ${MailSubjects.estimates} AND payload->>'orgId' = ${orgId} AND payload->'data'->>'tag' = 'estimate-reminder'
      ORDER BY created_at, id`
  ).map((r) => ZMailRequestedV1.parse(r.payload.data))

const sendIt = async (orgId: string, body: Record<string, unknown> = {}) => {
  const api = svc.as(orgId)
  const e = await createEstimate(api, { meetingTranscript: 'INTERNAL: budget is flexible' })
  const sent = await api('POST', `/estimates/${e.id}/send`, { to: ['jane@example.com'], ...body })
  expect(sent.status).toBe(202)
  return { api, e, shareUrl: sent.body.shareUrl as string, token: (sent.body.shareUrl as string).split('/share/')[1]! }
}

describe('follow-up reminders', () => {
  it("reminds every N days up to the maximum (the company's default), once across concurrent workers", async () => {
    const orgId = newOrgId()
    svc.settings.set(orgId, { companyName: 'Acme Roofing', reminders: { enabled: true, everyDays: 2, max: 2 } })
    const start = now
    const { api, e, shareUrl, token } = await sendIt(orgId)
    const share = async () => (await api('GET', `/estimates/${e.id}/share`)).body
    expect((await share()).reminders).toEqual({
      enabled: true,
      everyDays: 2,
      max: 2,
      sent: 0,
      nextAt: new Date(start.getTime() + 2 * DAY).toISOString(),
      stoppedReason: null,
      recipients: ['jane@example.com'],
    })

    advanceDays(1)
    await sendDueReminders(svc.deps)
    expect(await reminderMails(orgId)).toHaveLength(0)

    // Two replicas' workers at the same moment: one reminder.
    advanceDays(1)
    await Promise.all([sendDueReminders(svc.deps), sendDueReminders(svc.deps), sendDueReminders(svc.deps)])
    const [first, ...others] = await reminderMails(orgId)
    expect(others).toHaveLength(0)
    expect(first).toMatchObject({
      to: ['jane@example.com'],
      subject: 'Reminder: your estimate for Smith Roof Replacement',
      fromName: 'Acme Roofing via Plumbline',
      action: { url: shareUrl },
      unsubscribe: { url: `${shareUrl}/unsubscribe`, oneClickUrl: `http://localhost:3000/api/public/estimates/${token}/unsubscribe` },
    })
    expect(first!.footer[0]).toContain('Reminder 1 of 2')
    expect(JSON.stringify(first)).not.toContain('INTERNAL')

    advanceDays(1)
    await sendDueReminders(svc.deps)
    expect(await reminderMails(orgId)).toHaveLength(1)
    advanceDays(1)
    await sendDueReminders(svc.deps)
    expect(await reminderMails(orgId)).toHaveLength(2)
    advanceDays(10)
    await sendDueReminders(svc.deps)
    expect(await reminderMails(orgId)).toHaveLength(2)
    expect((await share()).reminders).toMatchObject({ sent: 2, nextAt: null, stoppedReason: 'done' })
    const timeline = (await api('GET', `/estimates/${e.id}/timeline`)).body
    expect(timeline.filter((t: { kind: string }) => t.kind === 'reminded').map((t: { summary: string }) => t.summary)).toEqual([
      'Reminder 2 of 2 sent to jane@example.com',
      'Reminder 1 of 2 sent to jane@example.com',
    ])
  })

  it('stops at a decision, when the link is disabled or has expired, and when the client unsubscribes', async () => {
    const orgId = newOrgId()
    const reminders = { enabled: true, everyDays: 1, max: 5 }
    const decided = await sendIt(orgId, { reminders })
    const disabled = await sendIt(orgId, { reminders })
    const expiring = await sendIt(orgId, { reminders })
    const unsubscribed = await sendIt(orgId, { reminders })
    const control = await sendIt(orgId, { reminders, to: ['control@example.com'] })

    expect((await svc.publicCall('POST', decided.token, '/reject', { reason: 'Too expensive' })).status).toBe(200)
    expect((await disabled.api('DELETE', `/estimates/${disabled.e.id}/share`)).status).toBe(204)
    const halfADay = new Date(now.getTime() + DAY / 2).toISOString()
    expect((await expiring.api('PATCH', `/estimates/${expiring.e.id}/share`, { expiresAt: halfADay })).status).toBe(200)
    // The mail client's one-click POST: no session, any body.
    const stop = await svc.publicCall('POST', unsubscribed.token, '/unsubscribe', { 'List-Unsubscribe': 'One-Click' })
    expect(stop.status).toBe(200)
    expect(stop.body).toEqual({ unsubscribed: true })
    expect((await svc.publicCall('POST', 'not-a-live-token-at-all-000000000000000000', '/unsubscribe')).status).toBe(404)

    advanceDays(1)
    await sendDueReminders(svc.deps)
    const mails = await reminderMails(orgId)
    expect(mails.map((m) => m.to)).toEqual([['control@example.com']])
    const stopped = await svc.deps.prisma.estimateReminder.findMany({ where: { organizationId: orgId }, orderBy: { startedAt: 'asc' } })
    const reasonOf = (id: string) => stopped.find((r) => r.estimateId === id)
    expect(reasonOf(decided.e.id)).toMatchObject({ stoppedReason: 'decided', nextDueAt: null, sentCount: 0 })
    expect(reasonOf(disabled.e.id)).toMatchObject({ stoppedReason: 'link-disabled', nextDueAt: null })
    expect(reasonOf(expiring.e.id)).toMatchObject({ stoppedReason: 'expired', nextDueAt: null })
    expect(reasonOf(unsubscribed.e.id)).toMatchObject({ stoppedReason: 'unsubscribed', nextDueAt: null })
    expect(reasonOf(control.e.id)).toMatchObject({ stoppedReason: null, sentCount: 1 })

    // A new send does not undo the client's unsubscribe.
    expect((await unsubscribed.api('POST', `/estimates/${unsubscribed.e.id}/send`, { to: ['jane@example.com'], reminders })).status).toBe(202)
    expect((await unsubscribed.api('GET', `/estimates/${unsubscribed.e.id}/share`)).body.reminders).toMatchObject({
      nextAt: null,
      stoppedReason: 'unsubscribed',
    })
  })

  it("pauses at the client's change request until the next send, whatever the share dialog changes meanwhile", async () => {
    const orgId = newOrgId()
    const { api, e, token } = await sendIt(orgId, { reminders: { enabled: true, everyDays: 1, max: 5 } })
    await sendIt(orgId, { reminders: { enabled: true, everyDays: 1, max: 5 }, to: ['control@example.com'] })
    const share = `/estimates/${e.id}/share`
    expect((await svc.publicCall('POST', token, '/comments', { body: 'Could the gutters be copper?' })).status).toBe(201)
    expect((await api('GET', share)).body.reminders).toMatchObject({ nextAt: null, stoppedReason: 'changes-requested', sent: 0 })
    // A second request while paused changes nothing.
    expect((await svc.publicCall('POST', token, '/comments', { body: 'And white trim.' })).status).toBe(201)

    advanceDays(1)
    await sendDueReminders(svc.deps)
    expect((await reminderMails(orgId)).map((m) => m.to)).toEqual([['control@example.com']])
    const changed = await api('PATCH', share, { reminders: { enabled: true, everyDays: 2, max: 5 } })
    expect(changed.body.reminders).toMatchObject({ everyDays: 2, nextAt: null, stoppedReason: 'changes-requested' })
    advanceDays(3)
    await sendDueReminders(svc.deps)
    expect((await reminderMails(orgId)).filter((m) => m.to[0] === 'jane@example.com')).toHaveLength(0)

    // The contractor sends the changed estimate: reminders start again from that send.
    const resent = await api('POST', `/estimates/${e.id}/send`, { to: ['jane@example.com'] })
    expect(resent.status).toBe(202)
    expect((await api('GET', share)).body.reminders).toMatchObject({ stoppedReason: null, nextAt: new Date(now.getTime() + 2 * DAY).toISOString() })
    advanceDays(2)
    await sendDueReminders(svc.deps)
    expect((await reminderMails(orgId)).filter((m) => m.to[0] === 'jane@example.com')).toHaveLength(1)
  })

  it('takes changes from the share dialog, validated, and reminds the client e-mail of an estimate never sent', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api, { clientEmail: 'client@example.com' })
    expect((await api('POST', `/estimates/${e.id}/share`)).status).toBe(201)
    const share = `/estimates/${e.id}/share`
    expect((await api('GET', share)).body.reminders).toMatchObject({ enabled: false, everyDays: 3, max: 3, sent: 0, nextAt: null })
    const bad = await api('PATCH', share, { reminders: { enabled: true, everyDays: 0, max: 11 } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'reminders.everyDays', message: REMINDER_MESSAGES.everyDays },
        { field: 'reminders.max', message: REMINDER_MESSAGES.max },
      ]),
    )
    const on = await api('PATCH', share, { reminders: { enabled: true, everyDays: 5, max: 1 } })
    expect(on.status).toBe(200)
    expect(on.body.reminders).toMatchObject({
      enabled: true,
      everyDays: 5,
      max: 1,
      recipients: ['client@example.com'],
      nextAt: new Date(now.getTime() + 5 * DAY).toISOString(),
    })
    advanceDays(5)
    await sendDueReminders(svc.deps)
    expect((await reminderMails(orgId)).map((m) => m.to)).toEqual([['client@example.com']])
    expect((await api('PATCH', share, { reminders: { enabled: false, everyDays: 5, max: 3 } })).body.reminders).toMatchObject({
      enabled: false,
      sent: 1,
      nextAt: null,
    })
    // Another organisation's estimate: 404, nothing changed.
    expect((await svc.as(newOrgId())('PATCH', share, { reminders: { enabled: true, everyDays: 1, max: 3 } })).status).toBe(404)
  })
})
