import { ADMIN_MESSAGES, redisKeys, Subjects, SYSTEM_ROLE_PERMISSIONS, ZAdminUser, ZEventEnvelope } from '@plumbline/contracts'
import { sessionKey } from '@plumbline/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_ROLE_IDS } from '../../src/data/system-roles.js'
import { type AuthTestService, loginAs, registerVerifiedUser, startAuthTestService, uniqueEmail } from '../support/auth-test-service.js'

let svc: AuthTestService
let admin: { userId: string; headers: Record<string, string> }
let member: { userId: string; orgId: string; headers: Record<string, string> }

beforeAll(async () => {
  svc = await startAuthTestService()
  const a = await registerVerifiedUser(svc, { firstName: 'Ada' })
  await svc.deps.prisma.user.update({ where: { id: a.user.id }, data: { systemRole: 'admin' } })
  admin = { userId: a.user.id, headers: (await loginAs(svc, a.email, a.password)).headers }
  const m = await registerVerifiedUser(svc, { firstName: 'Mia' })
  const orgId = (await svc.deps.prisma.membership.findFirstOrThrow({ where: { userId: m.user.id } })).organizationId
  member = { userId: m.user.id, orgId, headers: (await loginAs(svc, m.email, m.password)).headers }
})
afterAll(async () => {
  await svc?.close()
})

const create = (body: Record<string, unknown>) => svc.call('POST', '/admin/users/create', { headers: admin.headers, body })
const adminEvents = async (target: string) =>
  (await svc.deps.prisma.outboxEvent.findMany({ where: { subject: Subjects.adminActionRecorded } }))
    .map((e) => ZEventEnvelope.parse(e.payload))
    .filter((e) => (e.data as { target: string }).target === target)

describe('admin routes: who may call them', () => {
  it('answers 403 to a signed-in non-admin on every route, and 401 when signed out', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin/check'],
      ['GET', '/admin/users'],
      ['GET', '/admin/organizations'],
      ['POST', '/admin/users/create', { email: uniqueEmail('nope') }],
      ['PUT', `/admin/users/${admin.userId}/membership`, { organizationId: member.orgId, roleId: SYSTEM_ROLE_IDS.Member }],
      ['DELETE', `/admin/users/${admin.userId}`],
    ]
    for (const [method, path, body] of calls) {
      const res = await svc.call(method, path, { headers: member.headers, body })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect((await svc.call(method, path, { body })).status, `${method} ${path} signed out`).toBe(401)
    }
    expect(await svc.deps.prisma.user.findFirst({ where: { id: admin.userId, deletedAt: null } })).not.toBeNull()
  })

  it('GET /admin/check says an admin is one', async () => {
    const res = await svc.call('GET', '/admin/check', { headers: admin.headers })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ isAdmin: true })
  })
})

describe('GET /admin/users and /admin/organizations', () => {
  it('lists live users with their organisations, and organisations with their roles', async () => {
    const res = await svc.call('GET', '/admin/users', { headers: admin.headers })
    expect(res.status).toBe(200)
    const users = res.json.map((u: unknown) => ZAdminUser.parse(u))
    const mia = users.find((u: { id: string }) => u.id === member.userId)
    expect(mia).toMatchObject({
      firstName: 'Mia',
      lastName: 'Mason',
      profileImageUrl: null,
      organizations: [{ organizationId: member.orgId, organizationName: "Mia's Organization" }],
    })
    const orgs = await svc.call('GET', '/admin/organizations', { headers: admin.headers })
    const mine = orgs.json.find((o: { id: string }) => o.id === member.orgId)
    expect(mine.name).toBe("Mia's Organization")
    expect(mine.roles.map((r: { name: string }) => r.name)).toEqual(['Owner', 'Admin', 'Member', 'Viewer'])
  })
})

describe('POST /admin/users/create', () => {
  it('answers 400 with the spec texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: 'generate' }, ADMIN_MESSAGES.emailRequired],
      [{ mode: 'generate', email: '' }, ADMIN_MESSAGES.emailRequired],
      [{ mode: 'custom', email: uniqueEmail() }, ADMIN_MESSAGES.passwordRequired],
      [{ mode: 'custom', email: uniqueEmail(), password: 'short', confirmPassword: 'short' }, ADMIN_MESSAGES.passwordTooShort],
      [{ mode: 'custom', email: uniqueEmail(), password: 'long-enough-1', confirmPassword: 'long-enough-2' }, ADMIN_MESSAGES.passwordsDiffer],
    ]
    for (const [body, message] of cases) {
      const res = await create(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.errors.map((e: { message: string }) => e.message)).toContain(message)
    }
  })

  it('generate mode returns the temporary password once; it signs in with a forced reset', async () => {
    const email = uniqueEmail('gen')
    const res = await create({ mode: 'generate', email, firstName: 'Gene', lastName: 'Rated', organizationId: member.orgId, roleId: SYSTEM_ROLE_IDS.Viewer })
    expect(res.status).toBe(201)
    expect(res.json.mode).toBe('generate')
    expect(res.json.temporaryPassword).toMatch(/^.{12,}$/)
    const login = await loginAs(svc, email, res.json.temporaryPassword)
    expect(login.res.json).toEqual({ next: 'force_reset' })
    const me = await svc.call('GET', '/user', { headers: login.headers })
    expect(me.json.organizations).toEqual([{ id: member.orgId, name: "Mia's Organization", role: 'Viewer', permissions: SYSTEM_ROLE_PERMISSIONS.Viewer }])
    const [event] = await adminEvents(res.json.userId)
    expect(event).toMatchObject({ actorId: admin.userId, data: { action: 'user.created', before: null, after: { email, mode: 'generate' } } })
  })

  it('custom mode keeps the typed password, may skip the reset, and gives a new organisation without one', async () => {
    const email = uniqueEmail('custom')
    const res = await create({
      mode: 'custom',
      email,
      firstName: 'Cus',
      password: 'typed-by-admin',
      confirmPassword: 'typed-by-admin',
      requirePasswordReset: false,
    })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ mode: 'custom', temporaryPassword: null })
    const login = await loginAs(svc, email, 'typed-by-admin')
    expect(login.res.json).toEqual({ next: 'home' })
    const me = await svc.call('GET', '/user', { headers: login.headers })
    expect(me.json.organizations).toEqual([expect.objectContaining({ name: "Cus's Organization", role: 'Owner' })])
  })

  it('refuses a taken address (409) and a role of another organisation (400)', async () => {
    const taken = await svc.deps.prisma.user.findUniqueOrThrow({ where: { id: member.userId } })
    expect((await create({ email: taken.email })).status).toBe(409)
    const other = await svc.deps.prisma.organization.create({ data: { name: 'Other Co' } })
    const foreignRole = await svc.deps.prisma.role.create({ data: { organizationId: other.id, name: 'Foreign' } })
    const res = await create({ email: uniqueEmail(), organizationId: member.orgId, roleId: foreignRole.id })
    expect(res.status).toBe(400)
    expect(res.json.errors[0].field).toBe('roleId')
  })
})

describe('PUT /admin/users/:id/membership', () => {
  it('needs both organisation and role', async () => {
    for (const body of [{}, { organizationId: member.orgId }, { roleId: SYSTEM_ROLE_IDS.Member }, { organizationId: '', roleId: '' }]) {
      const res = await svc.call('PUT', `/admin/users/${member.userId}/membership`, { headers: admin.headers, body })
      expect(res.status).toBe(400)
      expect(res.json.errors.map((e: { message: string }) => e.message)).toContain(ADMIN_MESSAGES.membershipIncomplete)
    }
  })

  it('adds the user to the organisation with the role, keeps their other memberships and drops the cached identity', async () => {
    const email = uniqueEmail('move')
    const created = await create({
      mode: 'custom',
      email,
      firstName: 'Mo',
      password: 'moving-along',
      confirmPassword: 'moving-along',
      requirePasswordReset: false,
    })
    const userId = created.json.userId as string
    const login = await loginAs(svc, email, 'moving-along')
    await svc.deps.redis.set(redisKeys.identity(svc.deps.env.REDIS_PREFIX, userId), '{"stale":true}')
    const res = await svc.call('PUT', `/admin/users/${userId}/membership`, {
      headers: admin.headers,
      body: { organizationId: member.orgId, roleId: SYSTEM_ROLE_IDS.Member },
    })
    expect(res.status).toBe(200)
    expect(await svc.deps.redis.get(redisKeys.identity(svc.deps.env.REDIS_PREFIX, userId))).toBeNull()
    const me = await svc.call('GET', '/user', { headers: login.headers })
    const ownOrgs = (await svc.deps.prisma.membership.findMany({ where: { userId, organizationId: { not: member.orgId } } })).length
    expect(me.json.organizations).toContainEqual({ id: member.orgId, name: "Mia's Organization", role: 'Member', permissions: SYSTEM_ROLE_PERMISSIONS.Member })
    expect(me.json.organizations).toHaveLength(ownOrgs + 1)
    const [event] = await adminEvents(userId).then((events) => events.filter((e) => (e.data as { action: string }).action === 'user.membership_changed'))
    expect(event.data).toMatchObject({ after: { organizationId: member.orgId, roleId: SYSTEM_ROLE_IDS.Member } })
    expect((event.data as { before: unknown[] }).before).toHaveLength(1)
    // The tenant's feed is told a platform admin added someone: once, for the new membership only.
    const joined = async () =>
      (await svc.deps.prisma.outboxEvent.findMany({ where: { subject: Subjects.memberJoined } }))
        .map((e) => ZEventEnvelope.parse(e.payload))
        .filter((e) => (e.data as { userId: string }).userId === userId)
    expect((await joined()).map((e) => ({ orgId: e.orgId, actorId: e.actorId, data: e.data }))).toEqual([
      {
        orgId: member.orgId,
        actorId: admin.userId,
        data: { userId, email, organizationId: member.orgId, firstName: 'Mo', lastName: '', roleName: 'Member', addedBy: 'platform_admin' },
      },
    ])
    const again = await svc.call('PUT', `/admin/users/${userId}/membership`, {
      headers: admin.headers,
      body: { organizationId: member.orgId, roleId: SYSTEM_ROLE_IDS.Admin },
    })
    expect(again.status).toBe(200)
    expect(await joined()).toHaveLength(1)
  })

  it('changes the role in one organisation and leaves the others untouched', async () => {
    const other = await registerVerifiedUser(svc, { firstName: 'Otto' })
    const otherOrgId = (await svc.deps.prisma.membership.findFirstOrThrow({ where: { userId: other.user.id } })).organizationId
    const put = (organizationId: string, roleId: string) =>
      svc.call('PUT', `/admin/users/${other.user.id}/membership`, { headers: admin.headers, body: { organizationId, roleId } })
    expect((await put(member.orgId, SYSTEM_ROLE_IDS.Member)).status).toBe(200)
    const ownRoleBefore = (await svc.deps.prisma.membership.findFirstOrThrow({ where: { userId: other.user.id, organizationId: otherOrgId } })).roleId
    expect((await put(member.orgId, SYSTEM_ROLE_IDS.Admin)).status).toBe(200)
    const memberships = await svc.deps.prisma.membership.findMany({ where: { userId: other.user.id }, orderBy: { organizationId: 'asc' } })
    expect(memberships.map((m) => [m.organizationId, m.roleId]).sort()).toEqual(
      [
        [otherOrgId, ownRoleBefore],
        [member.orgId, SYSTEM_ROLE_IDS.Admin],
      ].sort(),
    )
  })

  it('answers 404 for an unknown user and 400 for an unknown organisation', async () => {
    const unknownUser = await svc.call('PUT', '/admin/users/0190a000-0000-7000-8000-000000000000/membership', {
      headers: admin.headers,
      body: { organizationId: member.orgId, roleId: SYSTEM_ROLE_IDS.Member },
    })
    expect(unknownUser.status).toBe(404)
    const unknownOrg = await svc.call('PUT', `/admin/users/${member.userId}/membership`, {
      headers: admin.headers,
      body: { organizationId: 'nope', roleId: SYSTEM_ROLE_IDS.Member },
    })
    expect(unknownOrg.status).toBe(400)
  })
})

describe('DELETE /admin/users/:id', () => {
  it('refuses to delete the admin themself', async () => {
    const res = await svc.call('DELETE', `/admin/users/${admin.userId}`, { headers: admin.headers })
    expect(res.status).toBe(403)
    expect(await svc.deps.prisma.user.findFirst({ where: { id: admin.userId, deletedAt: null } })).not.toBeNull()
  })

  it('deletes the user, ends their sessions at once and leaves the list', async () => {
    const email = uniqueEmail('gone')
    const created = await create({ mode: 'custom', email, password: 'soon-to-go', confirmPassword: 'soon-to-go', requirePasswordReset: false })
    const userId = created.json.userId as string
    const session = await loginAs(svc, email, 'soon-to-go')
    const res = await svc.call('DELETE', `/admin/users/${userId}`, { headers: admin.headers })
    expect(res.status).toBe(200)
    expect(await svc.deps.redis.get(sessionKey(svc.deps.env.REDIS_PREFIX, session.sessionId))).toBeNull()
    expect((await svc.call('POST', '/login', { body: { email, password: 'soon-to-go' } })).status).toBe(401)
    const list = await svc.call('GET', '/admin/users', { headers: admin.headers })
    expect(list.json.some((u: { id: string }) => u.id === userId)).toBe(false)
    expect((await svc.call('DELETE', `/admin/users/${userId}`, { headers: admin.headers })).status).toBe(404)
    const deleted = (await adminEvents(userId)).find((e) => (e.data as { action: string }).action === 'user.deleted')
    expect(deleted?.data).toMatchObject({ before: { email }, after: null })
  })
})
