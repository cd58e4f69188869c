import { redisKeys, SYSTEM_ROLE_PERMISSIONS } from '@plumbline/contracts'
import { sessionDigest, sessionKey } from '@plumbline/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_ROLE_IDS } from '../../src/data/system-roles.js'
import { createUserWithTemporaryPassword } from '../../src/usecases/create-user-with-temporary-password.js'
import {
  type AuthTestService,
  loginAs,
  registerVerifiedUser,
  STRONG_PASSWORD,
  sessionIdFrom,
  startAuthTestService,
  uniqueEmail,
} from '../support/auth-test-service.js'

let svc: AuthTestService
beforeAll(async () => {
  svc = await startAuthTestService()
})
afterAll(async () => {
  await svc?.close()
})

const withoutTrace = (body: Record<string, unknown>) => {
  const { traceId, ...rest } = body
  expect(typeof traceId).toBe('string')
  return JSON.stringify(rest)
}

describe('login failures', () => {
  it('unknown address and wrong password give byte-identical 401s without the word "email"', async () => {
    const { email } = await registerVerifiedUser(svc)
    const wrong = await svc.call('POST', '/login', { body: { email, password: 'Not-The-Password-1' } })
    const unknown = await svc.call('POST', '/login', { body: { email: uniqueEmail('nobody'), password: 'Not-The-Password-1' } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(withoutTrace(wrong.json)).toBe(withoutTrace(unknown.json))
    // Everything but the trace id is the same, byte for byte (same length, same headers that matter).
    expect(wrong.text.replace(wrong.json.traceId, '')).toBe(unknown.text.replace(unknown.json.traceId, ''))
    expect(wrong.headers.get('content-type')).toBe(unknown.headers.get('content-type'))
    for (const r of [wrong, unknown]) {
      expect(r.text).toContain('Invalid')
      expect(r.text).not.toContain('email')
      expect(r.headers.get('set-cookie')).toBeNull()
    }
  })

  it('unknown addresses cost the same password work as known ones', async () => {
    const { email } = await registerVerifiedUser(svc)
    // CPU time of this process (the service runs in it), not wall time: other processes on a busy
    // machine stretch wall time, not the password work done here.
    const time = async (address: string) => {
      const before = process.cpuUsage()
      await svc.call('POST', '/login', { body: { email: address, password: 'Not-The-Password-1' } })
      const spent = process.cpuUsage(before)
      return spent.user + spent.system
    }
    await time(uniqueEmail('warm')) // first call builds the dummy hash
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 5; i++) {
      known.push(await time(email))
      unknown.push(await time(uniqueEmail('ghost')))
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]
    // argon2 dominates both; without the dummy check the unknown path would be ~10× faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5)
  })

  it('an unverified account with the right password is 403 and mentions email', async () => {
    const email = uniqueEmail('unverified')
    await svc.call('POST', '/register', { body: { email, password: STRONG_PASSWORD, firstName: 'Una', lastName: 'Verified' } })
    const res = await svc.call('POST', '/login', { body: { email, password: STRONG_PASSWORD } })
    expect(res.status).toBe(403)
    expect(res.json.detail).toBe('Please verify your email address before logging in')
    expect(res.text).toContain('email')
    expect(res.headers.get('set-cookie')).toBeNull()
    // The wrong password on an unverified account reveals nothing about verification.
    const wrong = await svc.call('POST', '/login', { body: { email, password: 'Not-The-Password-1' } })
    expect(wrong.status).toBe(401)
    expect(wrong.text).not.toContain('email')
  })

  it('validates the body with the form texts', async () => {
    const res = await svc.call('POST', '/login', { body: { email: 'not-an-address', password: '' } })
    expect(res.status).toBe(400)
    const messages = res.json.errors.map((e: { message: string }) => e.message)
    expect(messages).toEqual(expect.arrayContaining(['Please enter a valid email address', 'Password is required']))
  })

  it('each login is its own session', async () => {
    const { email, password, user } = await registerVerifiedUser(svc)
    const a = await svc.call('POST', '/login', { body: { email, password } })
    const b = await svc.call('POST', '/login', { body: { email, password } })
    expect(sessionIdFrom(a)).not.toBe(sessionIdFrom(b))
    const members = await svc.deps.redis.sMembers(redisKeys.userSessions(svc.deps.env.REDIS_PREFIX, user.id))
    expect(members.sort()).toEqual([sessionDigest(sessionIdFrom(a)), sessionDigest(sessionIdFrom(b))].sort())
  })
})

describe('temporary passwords (forced reset)', () => {
  it('a created user logs in with next force_reset, replaces the password, and other sessions end', async () => {
    const demoOwner = await registerVerifiedUser(svc)
    const orgId = (await svc.deps.prisma.membership.findFirstOrThrow({ where: { userId: demoOwner.user.id } })).organizationId
    const email = uniqueEmail('temp')
    const created = await createUserWithTemporaryPassword(svc.deps, {
      email,
      firstName: 'Tem',
      lastName: 'Porary',
      organizationId: orgId,
      roleId: SYSTEM_ROLE_IDS.Viewer,
      actorId: demoOwner.user.id,
    })
    expect(created.generated).toBe(true)
    expect(created.password).toMatch(/[A-Z]/)
    expect(created.password).toMatch(/[a-z]/)
    expect(created.password).toMatch(/[0-9]/)
    expect(created.password.length).toBeGreaterThanOrEqual(12)

    const first = await loginAs(svc, email, created.password)
    expect(first.res.json).toEqual({ next: 'force_reset' })
    const other = await loginAs(svc, email, created.password)
    const me = await svc.call('GET', '/user', { headers: first.headers })
    expect(me.json.requirePasswordReset).toBe(true)
    expect(me.json.organizations).toEqual([{ id: orgId, name: "Robin's Organization", role: 'Viewer', permissions: SYSTEM_ROLE_PERMISSIONS.Viewer }])

    const short = await svc.call('POST', '/reset-temporary-password', { headers: first.headers, body: { newPassword: 'short' } })
    expect(short.status).toBe(400)
    expect(short.text).toContain('Password must be at least 8 characters long.')

    // Length is the only rule here (spec 000 §5).
    const reset = await svc.call('POST', '/reset-temporary-password', { headers: first.headers, body: { newPassword: 'lowercase only' } })
    expect(reset.status).toBe(200)
    expect(reset.json.message).toBeTruthy()

    const p = svc.deps.env.REDIS_PREFIX
    expect(await svc.deps.redis.get(sessionKey(p, first.sessionId))).not.toBeNull()
    expect(await svc.deps.redis.get(sessionKey(p, other.sessionId))).toBeNull()
    const after = await svc.call('GET', '/user', { headers: first.headers })
    expect(after.json.requirePasswordReset).toBe(false)

    expect((await svc.call('POST', '/login', { body: { email, password: created.password } })).status).toBe(401)
    const again = await svc.call('POST', '/login', { body: { email, password: 'lowercase only' } })
    expect(again.json).toEqual({ next: 'home' })

    // Once replaced, the endpoint no longer changes passwords without the old one.
    const twice = await svc.call('POST', '/reset-temporary-password', { headers: first.headers, body: { newPassword: 'another one' } })
    expect(twice.status).toBe(403)
  })

  it('needs a signed-in user', async () => {
    const res = await svc.call('POST', '/reset-temporary-password', { body: { newPassword: 'long enough' } })
    expect(res.status).toBe(401)
  })

  it('custom passwords, a new organisation when none is given, and 409 on a taken address', async () => {
    const email = uniqueEmail('custom')
    const created = await createUserWithTemporaryPassword(svc.deps, {
      email,
      firstName: 'Cus',
      lastName: 'Tom',
      password: 'Chosen-By-Admin-1',
      requirePasswordReset: false,
      actorId: 'admin-x',
    })
    expect(created.generated).toBe(false)
    const login = await loginAs(svc, email, 'Chosen-By-Admin-1')
    expect(login.res.json).toEqual({ next: 'home' })
    const me = await svc.call('GET', '/user', { headers: login.headers })
    expect(me.json.organizations).toEqual([
      { id: created.organizationId, name: "Cus's Organization", role: 'Owner', permissions: SYSTEM_ROLE_PERMISSIONS.Owner },
    ])
    await expect(createUserWithTemporaryPassword(svc.deps, { email, firstName: 'A', lastName: 'B', actorId: 'admin-x' })).rejects.toMatchObject({ status: 409 })
  })

  it('refuses a role of another organisation', async () => {
    const a = await registerVerifiedUser(svc)
    const orgA = (await svc.deps.prisma.membership.findFirstOrThrow({ where: { userId: a.user.id } })).organizationId
    const b = await registerVerifiedUser(svc)
    const orgB = (await svc.deps.prisma.membership.findFirstOrThrow({ where: { userId: b.user.id } })).organizationId
    const foreign = await svc.deps.prisma.role.create({ data: { organizationId: orgB, name: 'Estimator' } })
    await expect(
      createUserWithTemporaryPassword(svc.deps, {
        email: uniqueEmail(),
        firstName: 'X',
        lastName: 'Y',
        organizationId: orgA,
        roleId: foreign.id,
        actorId: a.user.id,
      }),
    ).rejects.toMatchObject({ status: 400 })
  })
})

describe('per-account slow-down', () => {
  const attempt = (email: string, password: string) => svc.call('POST', '/login', { body: { email, password } })

  it('after 5 failures spaces further attempts on that account (429 with Retry-After, the password unchecked), never locking the owner out', async () => {
    const { email, password } = await registerVerifiedUser(svc)
    for (let i = 0; i < 6; i++) expect((await attempt(email, `Wrong-Password-${i}`)).status).toBe(401)
    const slowed = await attempt(email, password)
    expect(slowed.status).toBe(429)
    expect(slowed.json).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // another account is not affected
    const other = await registerVerifiedUser(svc)
    expect((await attempt(other.email, other.password)).status).toBe(200)
    // the owner gets in once the wait is over, and success clears the count
    await new Promise((r) => setTimeout(r, Number(slowed.headers.get('retry-after')) * 1000 + 100))
    expect((await attempt(email, password)).status).toBe(200)
    expect((await attempt(email, 'Wrong-Password-x')).status).toBe(401)
    expect((await attempt(email, 'Wrong-Password-y')).status).toBe(401)
  })

  it('lets only one of a burst of parallel guesses through once an account is slowed, and counts unknown addresses alike', async () => {
    for (const email of [(await registerVerifiedUser(svc)).email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 5; i++) expect((await attempt(email, `Wrong-Password-${i}`)).status).toBe(401)
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt(email.toUpperCase(), `Burst-Password-${i}`)))
      expect(burst.filter((r) => r.status === 401)).toHaveLength(1)
      expect(burst.filter((r) => r.status === 429)).toHaveLength(7)
    }
  })
})
