import type { EventEnvelope } from '@plumbline/contracts'
import { SYSTEM_ROLE_NAMES, SYSTEM_ROLE_PERMISSIONS, toRolePermissions } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_ROLE_IDS } from '../../src/data/system-roles.js'
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION } from '../../src/seed/demo-accounts.js'
import { seedDemoAccounts } from '../../src/usecases/seed-demo-accounts.js'
import { seedSystemRoles } from '../../src/usecases/seed-system-roles.js'
import { type AuthTestService, loginAs, startAuthTestService } from '../support/auth-test-service.js'

let svc: AuthTestService
beforeAll(async () => {
  svc = await startAuthTestService({ SEED_DEMO: 'true' })
})
afterAll(async () => {
  await svc?.close()
})

describe('system roles', () => {
  it('exist once each with the flags of SYSTEM_ROLE_PERMISSIONS, also after repeated and concurrent seeding', async () => {
    await Promise.all([seedSystemRoles(svc.deps), seedSystemRoles(svc.deps), seedSystemRoles(svc.deps)])
    const roles = await svc.deps.prisma.role.findMany({ where: { isSystemRole: true }, include: { permissions: { orderBy: { module: 'asc' } } } })
    expect(roles.map((r) => r.name).sort()).toEqual([...SYSTEM_ROLE_NAMES].sort())
    for (const role of roles) {
      expect(role.organizationId).toBeNull()
      expect(role.id).toBe(SYSTEM_ROLE_IDS[role.name as keyof typeof SYSTEM_ROLE_IDS])
      const expected = toRolePermissions(SYSTEM_ROLE_PERMISSIONS[role.name as keyof typeof SYSTEM_ROLE_PERMISSIONS]).sort((a, b) =>
        a.module.localeCompare(b.module),
      )
      expect(role.permissions.map(({ roleId: _r, ...flags }) => flags)).toEqual(expected)
    }
  })

  it('restores edited system flags on the next start', async () => {
    await svc.deps.prisma.rolePermission.update({ where: { roleId_module: { roleId: SYSTEM_ROLE_IDS.Viewer, module: 'team' } }, data: { canDelete: true } })
    await seedSystemRoles(svc.deps)
    const row = await svc.deps.prisma.rolePermission.findUniqueOrThrow({ where: { roleId_module: { roleId: SYSTEM_ROLE_IDS.Viewer, module: 'team' } } })
    expect(row.canDelete).toBe(false)
  })
})

describe('demo accounts (SEED_DEMO=true)', () => {
  it('seeds the organisation, the owner and the platform admin, idempotently', async () => {
    await seedDemoAccounts(svc.deps)
    await seedDemoAccounts(svc.deps)
    expect(await svc.deps.prisma.organization.count({ where: { name: DEMO_ORGANIZATION.name } })).toBe(1)
    expect(await svc.deps.prisma.user.count({ where: { email: { in: [DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.admin.email] } } })).toBe(2)

    const demo = await loginAs(svc, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password)
    expect(demo.res.json).toEqual({ next: 'home' })
    const me = (await svc.call('GET', '/user', { headers: demo.headers })).json
    expect(me).toMatchObject({ email: 'demo@plumbline.dev', systemRole: 'user', emailVerified: true })
    expect(me.organizations).toEqual([{ id: DEMO_ORGANIZATION.id, name: 'Demo Construction Co.', role: 'Owner', permissions: SYSTEM_ROLE_PERMISSIONS.Owner }])

    const admin = await loginAs(svc, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)
    const adminMe = (await svc.call('GET', '/user', { headers: admin.headers })).json
    expect(adminMe).toMatchObject({ email: 'admin@plumbline.dev', systemRole: 'superadmin', emailVerified: true })
    expect(adminMe.organizations).toEqual([
      { id: DEMO_ORGANIZATION.id, name: 'Demo Construction Co.', role: 'Owner', permissions: SYSTEM_ROLE_PERMISSIONS.Owner },
    ])

    const created = await svc.deps.prisma.outboxEvent.findMany({ where: { subject: 'auth.organization.created.v1' } })
    expect(created.filter((e) => (e.payload as EventEnvelope).orgId === DEMO_ORGANIZATION.id)).toHaveLength(1)
  })

  it('the constants are the documented ones', () => {
    expect(DEMO_ACCOUNTS.user).toMatchObject({ email: 'demo@plumbline.dev', password: 'Demo-Plumbline-2025' })
    expect(DEMO_ACCOUNTS.admin).toMatchObject({ email: 'admin@plumbline.dev', password: 'Admin-Plumbline-2025', systemRole: 'superadmin' })
  })
})
