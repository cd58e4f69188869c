import type { EventEnvelope } from '@plumbline/contracts'
import { RequestSubjects, redisKeys, SYSTEM_ROLE_PERMISSIONS, ZSessionIdentity } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import { sessionKey } from '@plumbline/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDENTITY_CACHE_TTL_SECONDS, invalidateIdentity } from '../../src/data/identity-cache.js'
import { SYSTEM_ROLE_IDS } from '../../src/data/system-roles.js'
import { deletedEmailPlaceholder, deleteUser } from '../../src/usecases/delete-user.js'
import { type AuthTestService, loginAs, registerVerifiedUser, startAuthTestService } from '../support/auth-test-service.js'

let svc: AuthTestService
beforeAll(async () => {
  svc = await startAuthTestService()
})
afterAll(async () => {
  await svc?.close()
})

const resolve = (userId: unknown) =>
  request(svc.deps.bus, RequestSubjects.resolveIdentity, { userId }, { schema: ZSessionIdentity.nullable(), timeoutMs: 3000 })
const cached = async (userId: string) => {
  const raw = await svc.deps.redis.get(redisKeys.identity(svc.deps.env.REDIS_PREFIX, userId))
  return raw ? JSON.parse(raw) : null
}

describe('identity resolution over NATS', () => {
  it('answers the identity with memberships oldest first and caches it for 300 s', async () => {
    const { user } = await registerVerifiedUser(svc, { firstName: 'Ida' })
    const ownOrg = await svc.deps.prisma.membership.findFirstOrThrow({ where: { userId: user.id } })
    // A second, newer membership with a custom role.
    const other = await svc.deps.prisma.organization.create({ data: { name: 'Second Co' } })
    const role = await svc.deps.prisma.role.create({
      data: { organizationId: other.id, name: 'Estimator', permissions: { create: [{ module: 'cost_estimator', canAccess: true, canCreate: true }] } },
    })
    await svc.deps.prisma.membership.create({ data: { userId: user.id, organizationId: other.id, roleId: role.id, createdAt: new Date(Date.now() + 1000) } })

    const identity = ZSessionIdentity.parse(await resolve(user.id))
    expect(identity).toEqual({
      userId: user.id,
      email: user.email,
      systemRole: 'user',
      memberships: [
        { orgId: ownOrg.organizationId, orgName: "Ida's Organization", role: 'Owner', permissions: SYSTEM_ROLE_PERMISSIONS.Owner },
        { orgId: other.id, orgName: 'Second Co', role: 'Estimator', permissions: { cost_estimator: ['access', 'create'] } },
      ],
    })
    expect(await cached(user.id)).toEqual(identity)
    const ttl = await svc.deps.redis.ttl(redisKeys.identity(svc.deps.env.REDIS_PREFIX, user.id))
    expect(ttl).toBeGreaterThan(IDENTITY_CACHE_TTL_SECONDS - 10)
    expect(ttl).toBeLessThanOrEqual(IDENTITY_CACHE_TTL_SECONDS)
  })

  it('answers null for unknown users and malformed requests', async () => {
    expect(await resolve('no-such-user')).toBeNull()
    expect(await resolve(42)).toBeNull()
    expect(await request(svc.deps.bus, RequestSubjects.resolveIdentity, 'garbage', { schema: ZSessionIdentity.nullable(), timeoutMs: 3000 })).toBeNull()
  })

  it('invalidateIdentity drops the cache so the next resolution sees the change', async () => {
    const { user } = await registerVerifiedUser(svc)
    await resolve(user.id)
    expect(await cached(user.id)).not.toBeNull()
    // A membership change (what the admin issue will do), followed by the invalidation it must call.
    await svc.deps.prisma.membership.updateMany({ where: { userId: user.id }, data: { roleId: SYSTEM_ROLE_IDS.Viewer } })
    await svc.deps.prisma.user.update({ where: { id: user.id }, data: { systemRole: 'admin' } })
    await invalidateIdentity(svc.deps.redis, svc.deps.env.REDIS_PREFIX, user.id)
    expect(await cached(user.id)).toBeNull()
    const fresh = ZSessionIdentity.parse(await resolve(user.id))
    expect(fresh.systemRole).toBe('admin')
    expect(fresh.memberships[0].role).toBe('Viewer')
    expect(fresh.memberships[0].permissions).toEqual(SYSTEM_ROLE_PERMISSIONS.Viewer)
    expect((await cached(user.id)).memberships[0].role).toBe('Viewer')
  })
})

describe('deleteUser', () => {
  it('soft-deletes, frees the address, ends sessions and the cached identity', async () => {
    const admin = await registerVerifiedUser(svc)
    const { email, password, user } = await registerVerifiedUser(svc)
    const session = await loginAs(svc, email, password)
    await resolve(user.id)
    expect(await cached(user.id)).not.toBeNull()

    await deleteUser(svc.deps, { userId: user.id, actorId: admin.user.id })

    const row = await svc.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(row.deletedAt).not.toBeNull()
    expect(row.deletedEmail).toBe(email)
    expect(row.email).toBe(deletedEmailPlaceholder(user.id))
    const p = svc.deps.env.REDIS_PREFIX
    expect(await svc.deps.redis.get(sessionKey(p, session.sessionId))).toBeNull()
    expect(await cached(user.id)).toBeNull()
    expect(await resolve(user.id)).toBeNull()
    expect(await cached(user.id)).toBeNull()
    expect((await svc.call('GET', '/user', { headers: session.headers })).status).toBe(401)
    const login = await svc.call('POST', '/login', { body: { email, password } })
    expect(login.status).toBe(401)
    const events = await svc.deps.prisma.outboxEvent.findMany({ where: { subject: 'auth.user.deleted.v1' } })
    expect(events.some((e) => (e.payload as EventEnvelope<{ userId: string }>).data.userId === user.id)).toBe(true)

    // The address can sign up again.
    const again = await svc.call('POST', '/register', { body: { email, password, firstName: 'Back', lastName: 'Again' } })
    expect(again.status).toBe(201)
  })

  it('refuses to delete oneself and unknown users', async () => {
    const { user } = await registerVerifiedUser(svc)
    await expect(deleteUser(svc.deps, { userId: user.id, actorId: user.id })).rejects.toMatchObject({ status: 403 })
    await expect(deleteUser(svc.deps, { userId: 'nobody', actorId: user.id })).rejects.toMatchObject({ status: 404 })
    await deleteUser(svc.deps, { userId: user.id, actorId: 'admin' })
    await expect(deleteUser(svc.deps, { userId: user.id, actorId: 'admin' })).rejects.toMatchObject({ status: 404 })
  })
})
