import {
  COMMENT_LIMITS,
  COMMENT_MESSAGES,
  MailSubjects,
  SHARE_LINK_MESSAGES,
  SHARE_PASSCODE_HEADER,
  Subjects,
  ZEstimateChangeRequestedV1,
  ZEstimateComment,
  ZMailRequestedV1,
  ZPublicComment,
} from '@plumbline/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createEstimate, newOrgId } from '../support/estimates-test-service.js'
import { outboxSubjects, type PricingTestService, sharedEstimate, startPricingService } from '../support/pricing-fixtures.js'

// Change requests: the client writes on the share link, the team reads the thread on the estimate
// and replies, the client sees the reply on the link and gets it by e-mail. The public side
// follows the link's governance; the client's messages are limited per link and hour. Time comes
// from a clock the test can stop.

let fixed: Date | null = null
const clock = { now: () => (fixed ? new Date(fixed) : new Date()) }
let svc: PricingTestService

beforeAll(async () => {
  svc = await startPricingService({}, { clock })
})
afterAll(async () => {
  await svc?.close()
})
beforeEach(() => {
  fixed = null
})

const comments = (token: string, suffix = '/comments') => ({
  list: (headers: Record<string, string> = {}) => svc.publicCall('GET', token, suffix, undefined, { headers }),
  post: (body: unknown, headers: Record<string, string> = {}) => svc.publicCall('POST', token, suffix, body, { headers }),
})

const mailRequests = async (orgId: string) =>
  (
    await svc.deps.prisma.$queryRaw<{ id: string; payload: { data: unknown } }[]>`
      SELECT id, payload FROM outbox_events WHERE subject = ${MailSubjects.estimates} AND payload->>'orgId' = ${orgId} ORDER BY created_at`
  ).map((r) => ZMailRequestedV1.parse(r.payload.data))

const changeRequestedEvents = async (estimateId: string) =>
  (
    await svc.deps.prisma.$queryRaw<{ payload: { data: unknown; actorId: string | null } }[]>`
      SELECT payload FROM outbox_events WHERE subject = ${Subjects.estimateChangeRequested} AND payload->'data'->>'estimateId' = ${estimateId}
      ORDER BY created_at`
  ).map((r) => ({ actorId: r.payload.actorId, data: ZEstimateChangeRequestedV1.parse(r.payload.data) }))

describe('change requests', () => {
  it('the client asks for changes, the team replies, the client sees the reply on the link and by e-mail', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId, { userId: 'user-casey' })
    svc.settings.set(orgId, { companyName: 'Acme Roofing' })
    const { estimate, token, shareUrl } = await sharedEstimate(api, {
      clientEmail: 'jane@example.com',
      meetingTranscript: 'INTERNAL: client budget is flexible',
      specialFeatures: 'INTERNAL-FEATURE-NOTE',
    })
    const thread = comments(token)
    const empty = await thread.list()
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual([])
    expect((await api('GET', `/estimates/${estimate.id}/comments`)).body).toEqual([])

    const asked = await thread.post({ body: '  Could the gutters be copper instead?\nAnd keep the old downspouts.  ' })
    expect(asked.status).toBe(201)
    expect(asked.headers.get('cache-control')).toBe('no-store')
    expect(ZPublicComment.strict().parse(asked.body)).toMatchObject({
      author: 'client',
      body: 'Could the gutters be copper instead?\nAnd keep the old downspouts.',
    })

    // The contractor hears of it through the outbox (admin's bell and e-mail), and the timeline says so.
    const [event] = await changeRequestedEvents(estimate.id)
    expect(event).toEqual({
      actorId: null,
      data: {
        estimateId: estimate.id,
        projectName: 'Smith Roof Replacement',
        clientName: 'Jane Smith',
        status: 'shared',
        commentId: asked.body.id,
        message: 'Could the gutters be copper instead?\nAnd keep the old downspouts.',
      },
    })
    const timeline = (await api('GET', `/estimates/${estimate.id}/timeline`)).body
    expect(timeline[0]).toMatchObject({
      kind: 'change_requested',
      actorId: null,
      summary: 'Changes requested by the client',
      details: { commentId: asked.body.id },
    })

    const seen = await api('GET', `/estimates/${estimate.id}/comments`)
    expect(seen.status).toBe(200)
    expect(seen.body).toEqual([{ ...asked.body, authorEmail: null, mailedTo: [] }])

    const replied = await api('POST', `/estimates/${estimate.id}/comments`, { body: 'Yes: copper adds about $1,200. I will update the estimate.' })
    expect(replied.status).toBe(201)
    expect(ZEstimateComment.strict().parse(replied.body)).toMatchObject({
      author: 'contractor',
      authorEmail: expect.stringMatching(/@example\.com$/),
      mailedTo: ['jane@example.com'],
      body: 'Yes: copper adds about $1,200. I will update the estimate.',
    })

    // The client's page: both messages, oldest first, and nothing of who replied or where it was mailed.
    const onLink = await thread.list()
    expect(onLink.body.map((c: { author: string }) => c.author)).toEqual(['client', 'contractor'])
    for (const c of onLink.body) ZPublicComment.strict().parse(c)
    expect(onLink.text).not.toContain(replied.body.authorEmail)

    // The reply by e-mail: the reply as written and the share link; no contractor-only facts.
    const [mail] = await mailRequests(orgId)
    expect(mail).toMatchObject({
      tag: 'estimate-reply',
      to: ['jane@example.com'],
      replyTo: replied.body.authorEmail,
      fromName: 'Acme Roofing via Plumbline',
      subject: 'Acme Roofing replied about your estimate for Smith Roof Replacement',
      note: { text: 'Yes: copper adds about $1,200. I will update the estimate.' },
      action: { label: 'View the estimate and reply', url: shareUrl },
      attachments: [],
    })
    expect(JSON.stringify(mail)).not.toContain('INTERNAL')
    expect(await outboxSubjects(svc, estimate.id)).toContain(Subjects.estimateChangeRequested)
  })

  it('mails a reply to whoever the estimate was last sent to, and to nobody when no address is known', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const sent = await createEstimate(api, { clientEmail: 'jane@example.com' })
    expect((await api('POST', `/estimates/${sent.id}/send`, { to: ['owner@example.com', 'partner@example.com'] })).status).toBe(202)
    const toSent = await api('POST', `/estimates/${sent.id}/comments`, { body: 'Noted.' })
    expect(toSent.body.mailedTo).toEqual(['owner@example.com', 'partner@example.com'])

    const { estimate: silent } = await sharedEstimate(api, { clientEmail: '' })
    const unmailed = await api('POST', `/estimates/${silent.id}/comments`, { body: 'Noted.' })
    expect(unmailed.status).toBe(201)
    expect(unmailed.body.mailedTo).toEqual([])
    expect((await mailRequests(orgId)).map((m) => m.tag)).toEqual(['estimate-sent', 'estimate-reply'])
  })

  it('mails a reply once under retries with the same Idempotency-Key', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const { estimate } = await sharedEstimate(api)
    const path = `/estimates/${estimate.id}/comments`
    const headers = { 'Idempotency-Key': 'reply-once-1' }
    const results = await Promise.all([1, 2, 3].map(() => api('POST', path, { body: 'On my way.' }, headers)))
    expect(results.map((r) => r.status)).toEqual([201, 201, 201])
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1)
    expect(await mailRequests(orgId)).toHaveLength(1)
    expect((await api('GET', path)).body).toHaveLength(1)
    expect((await api('POST', path, { body: 'Something else.' }, headers)).status).toBe(422)
  })

  it('answers 400 naming body for a missing, empty, blank, too long or non-text message, on both sides', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const { estimate, token } = await sharedEstimate(api)
    const sides = {
      client: (body: unknown) => comments(token).post(body),
      contractor: (body: unknown) => api('POST', `/estimates/${estimate.id}/comments`, body),
    }
    for (const [side, post] of Object.entries(sides)) {
      const cases: [unknown, string][] = [
        [{}, COMMENT_MESSAGES.bodyRequired],
        [{ body: null }, COMMENT_MESSAGES.bodyRequired],
        [{ body: 42 }, COMMENT_MESSAGES.bodyRequired],
        [{ body: '' }, COMMENT_MESSAGES.bodyRequired],
        [{ body: ' \n\t ' }, COMMENT_MESSAGES.bodyRequired],
        [{ body: 'x'.repeat(COMMENT_LIMITS.body + 1) }, COMMENT_MESSAGES.bodyTooLong],
        [{ body: `  ${'x'.repeat(COMMENT_LIMITS.body)}x  ` }, COMMENT_MESSAGES.bodyTooLong],
      ]
      for (const [body, message] of cases) {
        const res = await post(body)
        expect(res.status, `${side} ${JSON.stringify(body).slice(0, 40)}`).toBe(400)
        expect(res.body.errors, `${side} ${JSON.stringify(body).slice(0, 40)}`).toContainEqual({ field: 'body', message })
      }
      const nul = await post({ body: 'a\u0000b' })
      expect(nul.status, side).toBe(400)
      expect(nul.body.errors[0].field, side).toBe('body')
      // Trimmed to the limit: accepted.
      const longest = await post({ body: `  ${'y'.repeat(COMMENT_LIMITS.body)}  ` })
      expect(longest.status, side).toBe(201)
      expect(longest.body.body).toHaveLength(COMMENT_LIMITS.body)
    }
    expect((await api('GET', `/estimates/${estimate.id}/comments`)).body).toHaveLength(2)
  })

  it('allows the client 20 messages per link per hour, then 429 with Retry-After until the oldest leaves the window', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api)
    const thread = comments(token)
    const t0 = new Date('2026-12-01T09:00:00.000Z')
    fixed = t0
    expect((await thread.post({ body: 'First thought' })).status).toBe(201)
    fixed = new Date(t0.getTime() + 10 * 60_000)
    for (let i = 2; i <= COMMENT_LIMITS.perLinkPerHour; i++) expect((await thread.post({ body: `Thought ${i}` })).status).toBe(201)
    // The team's replies are not the client's messages: they never count.
    expect((await api('POST', `/estimates/${estimate.id}/comments`, { body: 'Reading them all.' })).status).toBe(201)

    fixed = new Date(t0.getTime() + 30 * 60_000)
    const refused = await thread.post({ body: 'One more' })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', detail: COMMENT_MESSAGES.rateLimited })
    expect(refused.headers.get('retry-after')).toBe('1800')
    // Reading is not limited, and another link is not counted against this one.
    expect((await thread.list()).body).toHaveLength(COMMENT_LIMITS.perLinkPerHour + 1)
    const other = await sharedEstimate(api)
    expect((await comments(other.token).post({ body: 'Hello' })).status).toBe(201)

    // Once the first message is over an hour old, one more fits; then the window is full again.
    fixed = new Date(t0.getTime() + 3600_000 + 1000)
    expect((await thread.post({ body: 'One more' })).status).toBe(201)
    const again = await thread.post({ body: 'And another' })
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBe('599')
  })

  it('follows the link: 404 for an unknown, disabled or regenerated token, 410 once expired, the passcode asked as for the page', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api, { projectName: 'Secret Roof' })
    const base = `/estimates/${estimate.id}`
    for (const bad of ['not-a-token', 'A'.repeat(43)]) {
      expect((await comments(bad).list()).status).toBe(404)
      expect((await comments(bad).post({ body: 'Hello' })).status).toBe(404)
    }

    expect((await api('PATCH', `${base}/share`, { passcode: 'blue-roof-42' })).status).toBe(200)
    const locked = await comments(token).list()
    expect(locked.status).toBe(401)
    expect(locked.body.code).toBe('PASSCODE_REQUIRED')
    expect((await comments(token).post({ body: 'Hello' })).status).toBe(401)
    expect((await comments(token).post({ body: 'Hello' }, { [SHARE_PASSCODE_HEADER]: 'wrong-code' })).body.code).toBe('PASSCODE_INVALID')
    const open = { [SHARE_PASSCODE_HEADER]: 'blue-roof-42' }
    expect((await comments(token).post({ body: 'Hello' }, open)).status).toBe(201)
    expect((await comments(token).list(open)).body).toHaveLength(1)
    expect((await api('PATCH', `${base}/share`, { passcode: null })).status).toBe(200)

    const soon = new Date(Date.now() + 3600_000)
    expect((await api('PATCH', `${base}/share`, { expiresAt: soon.toISOString() })).status).toBe(200)
    fixed = new Date(soon.getTime() + 1000)
    const expired = await comments(token).post({ body: 'Hello?' })
    expect(expired.status).toBe(410)
    expect(expired.body).toMatchObject({ code: 'SHARE_LINK_EXPIRED', detail: SHARE_LINK_MESSAGES.expired })
    expect((await comments(token).list()).status).toBe(410)
    // No reply over an expired link: the client could not read it.
    const reply = await api('POST', `${base}/comments`, { body: 'Extended soon' })
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({ code: 'SHARE_LINK_EXPIRED', detail: COMMENT_MESSAGES.expired })
    fixed = null

    // Regenerated: the old token is dead. Disabled: every token is, and replies wait for a link.
    const fresh = (await api('POST', `${base}/share`)).body.shareToken as string
    expect((await comments(token).list()).status).toBe(404)
    expect((await comments(fresh).list()).body).toHaveLength(1)
    expect((await api('DELETE', `${base}/share`)).status).toBe(204)
    expect((await comments(fresh).post({ body: 'Hello' })).status).toBe(404)
    const unshared = await api('POST', `${base}/comments`, { body: 'Anyone there?' })
    expect(unshared.status).toBe(409)
    expect(unshared.body.detail).toBe(COMMENT_MESSAGES.notShared)
    // The team still reads the whole thread.
    expect((await api('GET', `${base}/comments`)).body).toHaveLength(1)
  })

  it("another organisation's estimate is 404 both ways and changes nothing; replying needs the share permission", async () => {
    const orgId = newOrgId()
    const { estimate, token } = await sharedEstimate(svc.as(orgId))
    expect((await comments(token).post({ body: 'Hello' })).status).toBe(201)
    const attacker = svc.as(newOrgId())
    expect((await attacker('GET', `/estimates/${estimate.id}/comments`)).status).toBe(404)
    expect((await attacker('POST', `/estimates/${estimate.id}/comments`, { body: 'Hijacked' })).status).toBe(404)
    expect((await attacker('GET', '/estimates/not-a-uuid/comments')).status).toBe(404)
    expect(await svc.deps.prisma.estimateComment.count({ where: { estimateId: estimate.id } })).toBe(1)

    const readOnly = svc.as(orgId, { permissions: { cost_estimator: ['access'] } })
    expect((await readOnly('GET', `/estimates/${estimate.id}/comments`)).status).toBe(200)
    const refused = await readOnly('POST', `/estimates/${estimate.id}/comments`, { body: 'Hi' })
    expect(refused.status).toBe(403)
  })
})
