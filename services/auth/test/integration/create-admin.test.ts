// `npm run admin:create` (src/bin/create-admin.ts) against a real database and Redis: it creates a
// superadmin who can sign in (and must change the password first), promotes an existing user (whose
// cached identity goes), leaves an existing superadmin alone, audits each change through the outbox,
// and refuses bad input naming the field.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { redisKeys, Subjects } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUserWithTemporaryPassword } from '../../src/usecases/create-user-with-temporary-password.js'
import { type AuthTestService, loginAs, startAuthTestService } from '../support/auth-test-service.js'

let svc: AuthTestService
beforeAll(async () => {
  svc = await startAuthTestService()
})
afterAll(async () => {
  await svc?.close()
})

const root = join(import.meta.dirname, '..', '..', '..', '..')

/**
 * The command as an operator runs it, with auth's settings for this test's database, Redis and
 * prefixes (asynchronously: the in-process auth service keeps answering meanwhile).
 */
function createAdmin(args: string[], extraEnv: Record<string, string> = {}): Promise<{ status: number | null; out: string }> {
  const env = svc.deps.env
  const command = [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'services/auth/src/bin/create-admin.ts'), ...args]
  const childEnv = {
    PATH: process.env.PATH,
    DATABASE_URL: env.DATABASE_URL,
    REDIS_URL: env.REDIS_URL,
    REDIS_PREFIX: env.REDIS_PREFIX,
    BUS_PREFIX: env.BUS_PREFIX,
    LOG_LEVEL: 'silent',
    ...extraEnv,
  }
  return new Promise((resolve) => {
    execFile(process.execPath, command, { cwd: root, env: childEnv, timeout: 90_000 }, (err, stdout, stderr) =>
      resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    )
  })
}

async function auditEvents(userId: string) {
  const rows = await svc.deps.prisma.outboxEvent.findMany({ where: { subject: { endsWith: Subjects.adminActionRecorded } }, orderBy: { createdAt: 'asc' } })
  return rows
    .map((r) => r.payload as { actorId: string; data: { action: string; target: string; before: unknown; after: Record<string, unknown> } })
    .filter((p) => p.data.target === userId)
}

// Each run starts the script in its own Node process (TypeScript compiled at start); a test that
// runs it twice can pass the 30 s default beside the journeys on two cores.
describe('npm run admin:create', { timeout: 90_000 }, () => {
  it('creates a superadmin with a temporary password that must be changed at first sign-in, audited', async () => {
    const email = `first-admin-${Date.now()}@plumbline.test`
    const { status, out } = await createAdmin(['--email', email, '--first-name', 'Ada', '--last-name', 'Lovelace'])
    expect(status, out).toBe(0)
    expect(out).toMatch(/created as superadmin/)
    const password = /Temporary password[^:]*: (\S+)/.exec(out)?.[1]
    expect(password, out).toBeDefined()

    const user = await svc.deps.prisma.user.findFirstOrThrow({ where: { email } })
    expect(user.systemRole).toBe('superadmin')
    expect(user.firstName).toBe('Ada')
    expect(user.emailVerifiedAt).not.toBeNull()
    const login = await loginAs(svc, email, password as string)
    expect(login.res.json).toEqual({ next: 'force_reset' })

    const audit = await auditEvents(user.id)
    expect(audit).toHaveLength(1)
    expect(audit[0].actorId).toBe(user.id)
    expect(audit[0].data).toMatchObject({ action: 'user.created', before: null, after: { email, systemRole: 'superadmin', via: 'npm run admin:create' } })
  })

  it('takes the address and password from ADMIN_EMAIL and ADMIN_PASSWORD (the Job reads them from a Secret) and prints no password', async () => {
    const email = `job-admin-${Date.now()}@plumbline.test`
    const password = 'a-long-secret-password-1'
    const { status, out } = await createAdmin(['--via', 'the create-admin Job'], { ADMIN_EMAIL: email, ADMIN_PASSWORD: password })
    expect(status, out).toBe(0)
    expect(out).not.toContain(password)
    expect(out).not.toMatch(/Temporary password/)
    expect((await loginAs(svc, email, password)).res.json).toEqual({ next: 'force_reset' })
    const user = await svc.deps.prisma.user.findFirstOrThrow({ where: { email } })
    expect((await auditEvents(user.id))[0].data.after.via).toBe('the create-admin Job')
  })

  it('promotes an existing user, drops their cached identity, and audits the old role; a second run changes nothing', async () => {
    const email = `promoted-${Date.now()}@plumbline.test`
    const { userId } = await createUserWithTemporaryPassword(svc.deps, {
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      password: 'original-password-1',
      actorId: null,
    })
    const cached = redisKeys.identity(svc.deps.env.REDIS_PREFIX, userId)
    await svc.deps.redis.set(cached, JSON.stringify({ userId, systemRole: 'user' }))

    const first = await createAdmin(['--email', email.toUpperCase()])
    expect(first.status, first.out).toBe(0)
    expect(first.out).toMatch(/promoted from user to superadmin/)
    expect(first.out).not.toMatch(/Temporary password/)
    expect((await svc.deps.prisma.user.findUniqueOrThrow({ where: { id: userId } })).systemRole).toBe('superadmin')
    expect(await svc.deps.redis.get(cached)).toBeNull()
    expect((await loginAs(svc, email, 'original-password-1')).res.status).toBe(200)

    const second = await createAdmin(['--email', email])
    expect(second.status, second.out).toBe(0)
    expect(second.out).toMatch(/already a superadmin: nothing changed/)

    const audit = await auditEvents(userId)
    expect(audit.map((a) => a.data.action)).toEqual(['user.system_role_changed'])
    expect(audit[0].data).toMatchObject({ before: { systemRole: 'user' }, after: { systemRole: 'superadmin' } })
  })

  it('refuses a missing or malformed address and a short password, naming the field', async () => {
    const missing = await createAdmin([])
    expect(missing.status).toBe(2)
    expect(missing.out).toMatch(/email: must be an e-mail address/)
    const short = await createAdmin(['--email', 'ok@plumbline.test'], { ADMIN_PASSWORD: 'short' })
    expect(short.status).toBe(2)
    expect(short.out).toMatch(/password: ADMIN_PASSWORD must have at least 12 characters/)
  })
})
