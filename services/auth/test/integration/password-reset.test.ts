import { PASSWORD_RESET_TTL_MS, redisKeys } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../src/domain/tokens.js'
import {
  APP_URL,
  type AuthTestService,
  loginAs,
  registerVerifiedUser,
  STRONG_PASSWORD,
  startAuthTestService,
  tokenFromLink,
  uniqueEmail,
} from '../support/auth-test-service.js'

let svc: AuthTestService
beforeAll(async () => {
  svc = await startAuthTestService()
})
afterAll(async () => {
  await svc?.close()
})

async function requestReset(email: string) {
  const since = Date.now()
  const res = await svc.call('POST', '/request-password-reset', { body: { email } })
  expect(res.status).toBe(200)
  const mail = await svc.waitForMail(email, 'Reset your Plumbline password', since)
  return { mail, token: tokenFromLink(mail.links[0]) }
}

describe('password reset', () => {
  it('mails a one-hour link; the reset works once and ends every session', async () => {
    const { email, password, user } = await registerVerifiedUser(svc)
    const a = await loginAs(svc, email, password)
    const b = await loginAs(svc, email, password)
    const { mail, token } = await requestReset(email)
    expect(mail.links[0].startsWith(`${APP_URL}/reset-password?token=`)).toBe(true)
    expect(mail.text).toContain('1 hour')
    const row = await svc.deps.prisma.userToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(PASSWORD_RESET_TTL_MS - 5000)
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(PASSWORD_RESET_TTL_MS + 5000)

    const res = await svc.call('POST', '/reset-password', { body: { token, password: 'Brand-New-Pass-7' } })
    expect(res.status).toBe(200)
    expect(res.json.message).toBeTruthy()

    const p = svc.deps.env.REDIS_PREFIX
    expect(await svc.deps.redis.get(redisKeys.session(p, a.sessionId))).toBeNull()
    expect(await svc.deps.redis.get(redisKeys.session(p, b.sessionId))).toBeNull()
    expect(await svc.deps.redis.exists(redisKeys.userSessions(p, user.id))).toBe(0)

    expect((await svc.call('POST', '/login', { body: { email, password } })).status).toBe(401)
    expect((await svc.call('POST', '/login', { body: { email, password: 'Brand-New-Pass-7' } })).json).toEqual({ next: 'home' })

    const reuse = await svc.call('POST', '/reset-password', { body: { token, password: 'Another-Pass-8' } })
    expect(reuse.status).toBe(400)
    expect(reuse.json.detail).toBe('Invalid reset token')
  })

  it('an expired link is 410 with "expired"', async () => {
    const { email } = await registerVerifiedUser(svc)
    const { token } = await requestReset(email)
    await svc.deps.prisma.userToken.update({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1) } })
    const res = await svc.call('POST', '/reset-password', { body: { token, password: 'Brand-New-Pass-7' } })
    expect(res.status).toBe(410)
    expect(res.text).toContain('expired')
    expect(res.text).not.toContain('Invalid')
  })

  it('an unknown token is 400 "Invalid reset token"', async () => {
    const res = await svc.call('POST', '/reset-password', { body: { token: 'nope', password: 'Brand-New-Pass-7' } })
    expect(res.status).toBe(400)
    expect(res.json.detail).toBe('Invalid reset token')
  })

  it('applies the registration password rules', async () => {
    const res = await svc.call('POST', '/reset-password', { body: { token: 'whatever', password: 'alllowercase1' } })
    expect(res.status).toBe(400)
    expect(res.text).toContain('Password must contain at least one uppercase letter')
    const missing = await svc.call('POST', '/reset-password', { body: { password: 'Brand-New-Pass-7' } })
    expect(missing.json.errors[0].message).toBe('Invalid or missing reset token. Please request a new password reset.')
  })

  it('two concurrent uses of one link: exactly one wins', async () => {
    const { email } = await registerVerifiedUser(svc)
    const { token } = await requestReset(email)
    const results = await Promise.all(
      ['First-Pass-111', 'Second-Pass-222'].map((password) => svc.call('POST', '/reset-password', { body: { token, password } })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
  })

  it('a successful reset retires the other reset links', async () => {
    const { email } = await registerVerifiedUser(svc)
    const { token: older } = await requestReset(email)
    const { token: newer } = await requestReset(email)
    expect((await svc.call('POST', '/reset-password', { body: { token: newer, password: 'Brand-New-Pass-7' } })).status).toBe(200)
    expect((await svc.call('POST', '/reset-password', { body: { token: older, password: 'Other-New-Pass-8' } })).status).toBe(400)
  })

  it('verifies an unverified address (the link proved inbox access)', async () => {
    const email = uniqueEmail('unverified-reset')
    await svc.call('POST', '/register', { body: { email, password: STRONG_PASSWORD, firstName: 'Una', lastName: 'Reset' } })
    expect((await svc.call('POST', '/login', { body: { email, password: STRONG_PASSWORD } })).status).toBe(403)
    const { token } = await requestReset(email)
    expect((await svc.call('POST', '/reset-password', { body: { token, password: 'Brand-New-Pass-7' } })).status).toBe(200)
    const user = await svc.deps.prisma.user.findUniqueOrThrow({ where: { email } })
    expect(user.emailVerifiedAt).not.toBeNull()
    expect((await svc.call('POST', '/login', { body: { email, password: 'Brand-New-Pass-7' } })).status).toBe(200)
  })

  it('answers the same for unknown addresses and mails nothing', async () => {
    const { email } = await registerVerifiedUser(svc)
    await svc.deps.mailer.idle()
    const before = svc.deps.mailer.sink!.list().length
    const unknown = await svc.call('POST', '/request-password-reset', { body: { email: uniqueEmail('ghost') } })
    const known = await svc.call('POST', '/request-password-reset', { body: { email } })
    expect(unknown.status).toBe(200)
    expect(unknown.json).toEqual(known.json)
    await svc.deps.mailer.idle()
    expect(svc.deps.mailer.sink!.list().length).toBe(before + 1)
  })
})
