import type { EventEnvelope } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../src/domain/tokens.js'
import { type AuthTestService, STRONG_PASSWORD, startAuthTestService, tokenFromLink, uniqueEmail } from '../support/auth-test-service.js'

let svc: AuthTestService
beforeAll(async () => {
  svc = await startAuthTestService()
})
afterAll(async () => {
  await svc?.close()
})

async function registerAndGetToken(label: string) {
  const email = uniqueEmail(label)
  await svc.call('POST', '/register', { body: { email, password: STRONG_PASSWORD, firstName: 'Vera', lastName: 'Fy' } })
  const mail = await svc.waitForMail(email, 'Verify your Plumbline email')
  return { email, token: tokenFromLink(mail.links[0]) }
}

describe('POST /verify-email', () => {
  it('an expired link is 410 with "expired" and leaves the account unverified', async () => {
    const { email, token } = await registerAndGetToken('expired')
    await svc.deps.prisma.userToken.update({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } })
    const res = await svc.call('POST', '/verify-email', { body: { token } })
    expect(res.status).toBe(410)
    expect(res.text).toContain('expired')
    expect(res.text).not.toContain('already verified')
    const user = await svc.deps.prisma.user.findUniqueOrThrow({ where: { email } })
    expect(user.emailVerifiedAt).toBeNull()
  })

  it('the same link again answers 200 "already verified"', async () => {
    const { token } = await registerAndGetToken('twice')
    expect((await svc.call('POST', '/verify-email', { body: { token } })).json).toEqual({ message: 'Email verified successfully' })
    const again = await svc.call('POST', '/verify-email', { body: { token } })
    expect(again.status).toBe(200)
    expect(again.json.message).toContain('already verified')
  })

  it('a pending link of a user verified meanwhile answers "already verified"', async () => {
    const { email, token } = await registerAndGetToken('meanwhile')
    await svc.deps.prisma.user.update({ where: { email }, data: { emailVerifiedAt: new Date() } })
    const res = await svc.call('POST', '/verify-email', { body: { token } })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Email already verified' })
  })

  it('an unknown token is 400 "Invalid verification token"', async () => {
    const res = await svc.call('POST', '/verify-email', { body: { token: 'x'.repeat(43) } })
    expect(res.status).toBe(400)
    expect(res.json.detail).toBe('Invalid verification token')
    expect(res.text).not.toContain('expired')
  })

  it('a missing token uses the page text', async () => {
    const res = await svc.call('POST', '/verify-email', { body: {} })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toEqual({ field: 'token', message: 'Invalid or missing verification token.' })
  })

  it('writes auth.user.verified.v1 with the change', async () => {
    const { email, token } = await registerAndGetToken('event')
    await svc.call('POST', '/verify-email', { body: { token } })
    const user = await svc.deps.prisma.user.findUniqueOrThrow({ where: { email } })
    const events = await svc.deps.prisma.outboxEvent.findMany({ where: { subject: 'auth.user.verified.v1' } })
    expect(events.some((e) => (e.payload as EventEnvelope<{ userId: string }>).data.userId === user.id)).toBe(true)
  })
})

describe('POST /resend-verification', () => {
  it('sends a fresh link that works and retires the old one', async () => {
    const { email, token: first } = await registerAndGetToken('resend')
    const since = Date.now()
    const res = await svc.call('POST', '/resend-verification', { body: { email } })
    expect(res.status).toBe(200)
    const mail = await svc.waitForMail(email, 'Verify your Plumbline email', since)
    const second = tokenFromLink(mail.links[0])
    expect(second).not.toBe(first)
    expect((await svc.call('POST', '/verify-email', { body: { token: first } })).status).toBe(400)
    expect((await svc.call('POST', '/verify-email', { body: { token: second } })).json.message).toBe('Email verified successfully')
  })

  it('answers the same for unknown and verified addresses and sends nothing', async () => {
    const { email, token } = await registerAndGetToken('noresend')
    await svc.call('POST', '/verify-email', { body: { token } })
    const before = svc.deps.mailer.sink!.list().length
    const known = await svc.call('POST', '/resend-verification', { body: { email } })
    const unknown = await svc.call('POST', '/resend-verification', { body: { email: uniqueEmail('ghost') } })
    expect(known.status).toBe(200)
    expect(known.json).toEqual(unknown.json)
    await svc.deps.mailer.idle()
    expect(svc.deps.mailer.sink!.list().length).toBe(before)
  })
})
