import { MailSubjects, SEND_MESSAGES, ZMailRequestedV1 } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, newOrgId } from '../support/estimates-test-service.js'
import { type PricingTestService, startPricingService } from '../support/pricing-fixtures.js'

// POST …/estimates/{id}/send: validation, the mail request in the outbox (exactly once per
// Idempotency-Key), sharing switched on, the timeline, declined estimates and the hourly limit.

let svc: PricingTestService

beforeAll(async () => {
  svc = await startPricingService()
})
afterAll(async () => {
  await svc?.close()
})

const mailRequests = async (orgId: string) =>
  (
    await svc.deps.prisma.$queryRaw<{ id: string; payload: { id: string; data: unknown } }[]>`
      SELECT id, payload FROM outbox_events WHERE subject = ${MailSubjects.estimates} AND payload->>'orgId' = ${orgId} ORDER BY created_at`
  ).map((r) => ({ id: r.id, data: ZMailRequestedV1.parse(r.payload.data) }))

describe('sending an estimate', () => {
  it('answers 400 naming the field for bad recipients, an empty subject and a long message', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const send = (body: unknown) => api('POST', `/estimates/${e.id}/send`, body)
    const fieldOf = async (body: unknown) => {
      const res = await send(body)
      expect(res.status).toBe(400)
      return res.body.errors as { field: string; message: string }[]
    }
    expect(await fieldOf({})).toContainEqual({ field: 'to', message: SEND_MESSAGES.recipientRequired })
    expect(await fieldOf({ to: [] })).toContainEqual({ field: 'to', message: SEND_MESSAGES.recipientRequired })
    expect(await fieldOf({ to: ['not-an-address'] })).toContainEqual({ field: 'to.0', message: SEND_MESSAGES.invalidEmail })
    const eleven = Array.from({ length: 11 }, (_, i) => `c${i}@example.com`)
    expect(await fieldOf({ to: eleven })).toContainEqual({ field: 'to', message: SEND_MESSAGES.tooManyRecipients })
    expect(await fieldOf({ to: eleven.slice(0, 6), cc: eleven.slice(6) })).toContainEqual({ field: 'cc', message: SEND_MESSAGES.tooManyInAll })
    expect(await fieldOf({ to: ['a@example.com'], subject: '   ' })).toContainEqual({ field: 'subject', message: SEND_MESSAGES.subjectEmpty })
    expect(await fieldOf({ to: ['a@example.com'], message: 'x'.repeat(5001) })).toContainEqual({ field: 'message', message: SEND_MESSAGES.messageTooLong })
    expect((await send({ to: ['a@example.com'], message: 'x'.repeat(5000) })).status).toBe(202)
    expect(await mailRequests(orgId)).toHaveLength(1)
  })

  it('queues one branded mail with the share link, turns sharing on and records who sent what to whom', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId, { userId: 'user-sender' })
    svc.settings.set(orgId, { companyName: 'Acme Roofing', companyPhone: '555-0100', brandingColors: { primary: '#0F5132' } })
    const e = await createEstimate(api, { meetingTranscript: 'INTERNAL: client budget is flexible', specialFeatures: 'INTERNAL-FEATURE-NOTE' })
    expect(e.shareToken).toBeNull()
    const res = await api('POST', `/estimates/${e.id}/send`, {
      to: ['Jane@Example.com', 'jane@example.com'],
      cc: ['jane@example.com', 'office@example.com'],
      message: 'Hi Jane,\nhere is the estimate we discussed.',
      attachPdf: true,
    })
    expect(res.status).toBe(202)
    expect(res.body).toMatchObject({
      status: 'queued',
      to: ['jane@example.com'],
      cc: ['office@example.com'],
      subject: 'Your estimate for Smith Roof Replacement from Acme Roofing',
    })
    const after = (await api('GET', `/estimates/${e.id}`)).body
    expect(after.status).toBe('shared')
    expect(after.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(res.body.shareUrl).toBe(`http://localhost:3000/share/${after.shareToken}`)

    const [mail] = await mailRequests(orgId)
    expect(mail!.id).toBe(res.body.sendId)
    expect(mail!.data).toMatchObject({
      tag: 'estimate-sent',
      to: ['jane@example.com'],
      cc: ['office@example.com'],
      replyTo: expect.stringContaining('@'),
      action: { label: 'View your estimate', url: res.body.shareUrl },
      note: { text: 'Hi Jane,\nhere is the estimate we discussed.' },
      attachments: [{ kind: 'estimate-pdf', estimateId: e.id, variant: 'client' }],
      fromName: 'Acme Roofing via Plumbline',
      brand: { companyName: 'Acme Roofing', primary: '#0f5132', contactLines: ['555-0100'] },
    })
    expect(mail!.data.details).toContainEqual({ label: 'Estimated total', value: '$10,000' })
    // Contractor-only facts never reach the client's mail.
    const wire = JSON.stringify(mail!.data)
    expect(wire).not.toContain('INTERNAL')

    const timeline = (await api('GET', `/estimates/${e.id}/timeline`)).body
    expect(timeline[0]).toMatchObject({ kind: 'sent', actorId: 'user-sender', summary: 'Sent to jane@example.com, office@example.com' })
    expect(timeline[0].details).toMatchObject({ sendId: res.body.sendId, subject: res.body.subject, attachPdf: true })

    // A second send reuses the live link (no new token).
    const again = await api('POST', `/estimates/${e.id}/send`, { to: ['jane@example.com'], subject: 'Reminder: your estimate' })
    expect(again.status).toBe(202)
    expect(again.body.shareUrl).toBe(res.body.shareUrl)
    expect((await mailRequests(orgId)).map((m) => m.data.subject)).toEqual([
      'Your estimate for Smith Roof Replacement from Acme Roofing',
      'Reminder: your estimate',
    ])
  })

  it('sends once under retries with the same Idempotency-Key', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const body = { to: ['jane@example.com'] }
    const headers = { 'Idempotency-Key': 'send-once-1' }
    const results = await Promise.all([1, 2, 3].map(() => api('POST', `/estimates/${e.id}/send`, body, headers)))
    expect(results.map((r) => r.status)).toEqual([202, 202, 202])
    expect(new Set(results.map((r) => r.body.sendId)).size).toBe(1)
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(2)
    expect(await mailRequests(orgId)).toHaveLength(1)
    expect(await svc.deps.prisma.estimateSend.count({ where: { organizationId: orgId } })).toBe(1)
    // The same key with another body is refused; a new key sends again.
    expect((await api('POST', `/estimates/${e.id}/send`, { to: ['other@example.com'] }, headers)).status).toBe(422)
    expect((await api('POST', `/estimates/${e.id}/send`, body, { 'Idempotency-Key': 'send-once-2' })).status).toBe(202)
    expect(await mailRequests(orgId)).toHaveLength(2)
  })

  it('refuses a declined estimate with 409 saying why', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const share = (await api('POST', `/estimates/${e.id}/share`)).body
    expect((await svc.publicCall('POST', share.shareToken, '/reject', { reason: 'Too expensive' })).status).toBe(200)
    const res = await api('POST', `/estimates/${e.id}/send`, { to: ['jane@example.com'] })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'ESTIMATE_DECLINED', detail: SEND_MESSAGES.declined })
    expect(await mailRequests(orgId)).toHaveLength(0)
  })

  it('allows 50 sends per organisation per hour, then 429 with Retry-After', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const halfAnHourAgo = new Date(Date.now() - 30 * 60_000)
    await svc.deps.prisma.estimateSend.createMany({
      data: Array.from({ length: 49 }, (_, i) => ({
        id: crypto.randomUUID(),
        estimateId: e.id,
        organizationId: orgId,
        sentBy: 'u',
        sentByEmail: 'u@example.com',
        to: [`c${i}@example.com`],
        cc: [],
        subject: 's',
        createdAt: halfAnHourAgo,
      })),
    })
    expect((await api('POST', `/estimates/${e.id}/send`, { to: ['jane@example.com'] })).status).toBe(202)
    const refused = await api('POST', `/estimates/${e.id}/send`, { to: ['jane@example.com'] })
    expect(refused.status).toBe(429)
    expect(refused.body.detail).toBe(SEND_MESSAGES.rateLimited)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(1700)
    expect(retryAfter).toBeLessThanOrEqual(1800)
    // Another organisation is not counted against it.
    const other = svc.as(newOrgId())
    const theirs = await createEstimate(other)
    expect((await other('POST', `/estimates/${theirs.id}/send`, { to: ['x@example.com'] })).status).toBe(202)
  })

  it("another organisation's estimate is 404 and sends nothing", async () => {
    const victimOrg = newOrgId()
    const e = await createEstimate(svc.as(victimOrg))
    const res = await svc.as(newOrgId())('POST', `/estimates/${e.id}/send`, { to: ['jane@example.com'] })
    expect(res.status).toBe(404)
    expect(await mailRequests(victimOrg)).toHaveLength(0)
  })
})
