import { createHash } from 'node:crypto'
import { redisKeys, SESSION_COOKIE, SYSTEM_ROLE_PERMISSIONS, ZCurrentUser } from '@plumbline/contracts'
import { sessionDigest, sessionKey } from '@plumbline/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMON_PASSWORD_MESSAGE } from '../../src/domain/common-passwords.js'
import {
  APP_URL,
  type AuthTestService,
  STRONG_PASSWORD,
  sessionIdFrom,
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

describe('register → verify → login → /user → logout', () => {
  it('walks the whole journey', async () => {
    const email = uniqueEmail('Journey').toUpperCase()
    const reg = await svc.call('POST', '/register', { body: { email: `  ${email} `, password: STRONG_PASSWORD, firstName: 'Jamie', lastName: 'Carpenter' } })
    expect(reg.status).toBe(201)
    expect(reg.json.message).toMatch(/check your email/i)
    const lower = email.toLowerCase()

    const mail = await svc.waitForMail(lower, 'Verify your Plumbline email')
    expect(mail.to).toEqual([lower])
    expect(mail.text).toContain('Verify your email')
    expect(mail.html).toContain('Plumbline')
    const link = mail.links.find((l) => l.startsWith(`${APP_URL}/verify-email?`))!
    expect(link).toBeDefined()
    const url = new URL(link)
    expect(url.searchParams.get('email')).toBe(lower)
    const token = tokenFromLink(link)
    // ≥128 bits of randomness, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/)

    const verified = await svc.call('POST', '/verify-email', { body: { token } })
    expect(verified.status).toBe(200)
    expect(verified.json).toEqual({ message: 'Email verified successfully' })

    const login = await svc.call('POST', '/login', { body: { email: lower, password: STRONG_PASSWORD } })
    expect(login.status).toBe(200)
    expect(login.json).toEqual({ next: 'home' })
    const cookie = login.headers.get('set-cookie')!
    expect(cookie).toContain(`${SESSION_COOKIE}=`)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/Max-Age=\d+/)
    expect(cookie).not.toMatch(/Secure/i) // NODE_ENV=test
    const sessionId = sessionIdFrom(login)
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43,}$/)

    const p = svc.deps.env.REDIS_PREFIX
    const stored = JSON.parse((await svc.deps.redis.get(sessionKey(p, sessionId)))!)
    const user = await svc.deps.prisma.user.findUniqueOrThrow({ where: { email: lower } })
    expect(stored.userId).toBe(user.id)
    const ttl = await svc.deps.redis.ttl(sessionKey(p, sessionId))
    expect(ttl).toBeGreaterThan(svc.deps.env.SESSION_TTL_SECONDS - 60)
    // stored under the id's SHA-256, so reading Redis yields no usable cookie value
    expect(sessionKey(p, sessionId)).toBe(`${p}session:${createHash('sha256').update(sessionId).digest('base64url')}`)
    expect(await svc.deps.redis.exists(redisKeys.session(p, sessionId))).toBe(0)
    const everything = await svc.deps.redis.keys(`${p}*`)
    expect(everything.filter((k) => k.includes(sessionId))).toEqual([])
    for (const k of everything.filter((k) => k.includes('user-sessions'))) expect(await svc.deps.redis.sMembers(k)).not.toContain(sessionId)
    expect(await svc.deps.redis.sIsMember(redisKeys.userSessions(p, user.id), sessionDigest(sessionId))).toBeTruthy()

    const headers = await svc.asSession(sessionId)
    for (const path of ['/user', '/auth/user']) {
      const me = await svc.call('GET', path, { headers })
      expect(me.status).toBe(200)
      const parsed = ZCurrentUser.parse(me.json)
      expect(parsed).toMatchObject({
        id: user.id,
        email: lower,
        firstName: 'Jamie',
        lastName: 'Carpenter',
        profileImageUrl: null,
        systemRole: 'user',
        emailVerified: true,
        requirePasswordReset: false,
      })
      expect(parsed.organizations).toEqual([
        { id: expect.any(String), name: "Jamie's Organization", role: 'Owner', permissions: SYSTEM_ROLE_PERMISSIONS.Owner },
      ])
      expect(me.headers.get('cache-control')).toBe('no-store')
    }
    const orgs = await svc.call('GET', '/user/organizations', { headers })
    expect(orgs.json).toEqual([{ id: expect.any(String), name: "Jamie's Organization", role: 'Owner', permissions: SYSTEM_ROLE_PERMISSIONS.Owner }])

    const out = await svc.call('POST', '/logout', { headers })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;`))
    expect(await svc.deps.redis.get(sessionKey(p, sessionId))).toBeNull()
    expect(await svc.deps.redis.sIsMember(redisKeys.userSessions(p, user.id), sessionDigest(sessionId))).toBeFalsy()
  })

  it('logout without any session still answers 204', async () => {
    const out = await svc.call('POST', '/logout')
    expect(out.status).toBe(204)
  })

  it('logout falls back to the session cookie', async () => {
    const email = uniqueEmail('cookie-logout')
    await svc.call('POST', '/register', { body: { email, password: STRONG_PASSWORD, firstName: 'Cookie', lastName: 'Jar' } })
    const mail = await svc.waitForMail(email)
    await svc.call('POST', '/verify-email', { body: { token: tokenFromLink(mail.links[0]) } })
    const login = await svc.call('POST', '/login', { body: { email, password: STRONG_PASSWORD } })
    const sessionId = sessionIdFrom(login)
    const out = await svc.call('POST', '/logout', { headers: { cookie: `${SESSION_COOKIE}=${sessionId}` } })
    expect(out.status).toBe(204)
    expect(await svc.deps.redis.get(sessionKey(svc.deps.env.REDIS_PREFIX, sessionId))).toBeNull()
  })

  it('GET /user without a session is 401', async () => {
    for (const path of ['/user', '/auth/user', '/user/organizations']) {
      const res = await svc.call('GET', path)
      expect(res.status).toBe(401)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
    }
  })

  it('GET /login redirects to the sign-in page', async () => {
    const res = await svc.call('GET', '/login')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login')
  })
})

describe('registration rules', () => {
  it('a second account with the same address (any case) is 409 "already exists"', async () => {
    const email = uniqueEmail('dupe')
    const body = { email, password: STRONG_PASSWORD, firstName: 'Dee', lastName: 'Upe' }
    expect((await svc.call('POST', '/register', { body })).status).toBe(201)
    const again = await svc.call('POST', '/register', { body: { ...body, email: email.toUpperCase() } })
    expect(again.status).toBe(409)
    expect(again.text).toContain('already exists')
    expect(again.json.code).toBe('EMAIL_TAKEN')
    expect(await svc.deps.prisma.user.count({ where: { email } })).toBe(1)
  })

  it('concurrent sign-ups with one address create one account', async () => {
    const email = uniqueEmail('race')
    const body = { email, password: STRONG_PASSWORD, firstName: 'Ray', lastName: 'Ce' }
    const results = await Promise.all([1, 2, 3].map(() => svc.call('POST', '/register', { body })))
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409])
    expect(await svc.deps.prisma.user.count({ where: { email } })).toBe(1)
  })

  it('rejects weak passwords with the form texts', async () => {
    const res = await svc.call('POST', '/register', { body: { email: uniqueEmail(), password: 'short', firstName: '', lastName: 'X' } })
    expect(res.status).toBe(400)
    const messages = res.json.errors.map((e: { message: string }) => e.message)
    expect(messages).toContain('Password must be at least 8 characters long')
    expect(messages).toContain('Password must contain at least one uppercase letter')
    expect(messages).toContain('Password must contain at least one number')
    expect(messages).toContain('First name is required')
  })

  it('stores an argon2id hash with the OWASP parameters', async () => {
    const email = uniqueEmail('hash')
    await svc.call('POST', '/register', { body: { email, password: STRONG_PASSWORD, firstName: 'Hash', lastName: 'Brown' } })
    const user = await svc.deps.prisma.user.findUniqueOrThrow({ where: { email } })
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(user.passwordHash).not.toContain(STRONG_PASSWORD)
  })
})

describe('registration disabled', () => {
  let closed: AuthTestService
  beforeAll(async () => {
    closed = await startAuthTestService({ REGISTRATION_ENABLED: 'false' })
  })
  afterAll(async () => {
    await closed?.close()
  })

  it('answers 403 with "disabled" and creates nothing', async () => {
    const email = uniqueEmail('closed')
    const res = await closed.call('POST', '/register', { body: { email, password: STRONG_PASSWORD, firstName: 'No', lastName: 'Entry' } })
    expect(res.status).toBe(403)
    expect(res.text).toContain('disabled')
    expect(await closed.deps.prisma.user.count({ where: { email } })).toBe(0)
  })
})

describe('common passwords', () => {
  it('refuses the most common passwords (any case) on sign-up and reset, naming the field', async () => {
    for (const password of ['Password1', 'PASSWORD1', 'Qwerty123', 'Iloveyou1']) {
      const res = await svc.call('POST', '/register', { body: { email: uniqueEmail('common'), password, firstName: 'A', lastName: 'B' } })
      expect(res.status, password).toBe(400)
      expect(res.json.errors).toContainEqual({ field: 'password', message: COMMON_PASSWORD_MESSAGE })
    }
    const reset = await svc.call('POST', '/reset-password', { body: { token: 'whatever', password: 'Password1' } })
    expect(reset.status).toBe(400)
    expect(reset.json.errors).toContainEqual({ field: 'password', message: COMMON_PASSWORD_MESSAGE })
    expect(
      (await svc.call('POST', '/register', { body: { email: uniqueEmail('fine'), password: 'Lantern-Oxbow-47', firstName: 'A', lastName: 'B' } })).status,
    ).toBe(201)
  })
})
