import {
  MEMBER_MESSAGES,
  PERMISSION_MODULES,
  type PermissionAction,
  type PermissionModule,
  ROLE_MESSAGES,
  redisKeys,
  ZRole,
  ZRolePermission,
} from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_ROLE_IDS } from '../../src/data/system-roles.js'
import { resolveIdentity } from '../../src/usecases/resolve-identity.js'
import { type AuthTestService, loginAs, registerVerifiedUser, startAuthTestService } from '../support/auth-test-service.js'

// Settings › Roles (spec 001 §2, §3, §6, §7): system roles read-only, custom roles per
// organisation with a permission matrix, all under the `team` module, and a change of a role's
// matrix reaching its holders on their next request (the identity cache is dropped).

let svc: AuthTestService
type Caller = { userId: string; orgId: string; sessionId: string }
let owner: Caller
let outsider: Caller

/** Headers as the gateway signs them for a member of orgId: the identity auth resolves now. */
async function as(who: Caller) {
  const identity = await resolveIdentity(svc.deps, who.userId)
  const m = identity!.memberships.find((x) => x.orgId === who.orgId)!
  return svc.asSession(who.sessionId, { orgId: who.orgId, orgRole: m.role, permissions: m.permissions })
}
const call = async (who: Caller, method: string, path: string, body?: unknown) =>
  svc.call(method, `/organizations/${who.orgId}${path}`, { headers: await as(who), body })

async function ownerOfNewOrg(firstName: string): Promise<Caller> {
  const u = await registerVerifiedUser(svc, { firstName })
  const orgId = (await svc.deps.prisma.membership.findFirstOrThrow({ where: { userId: u.user.id } })).organizationId
  return { userId: u.user.id, orgId, sessionId: (await loginAs(svc, u.email, u.password)).sessionId }
}

/** A second member of the owner's organisation, holding `roleId`. */
async function memberWith(roleId: string): Promise<Caller> {
  const u = await registerVerifiedUser(svc, { firstName: 'Tess' })
  await svc.deps.prisma.membership.create({ data: { userId: u.user.id, organizationId: owner.orgId, roleId } })
  return { userId: u.user.id, orgId: owner.orgId, sessionId: (await loginAs(svc, u.email, u.password)).sessionId }
}

beforeAll(async () => {
  svc = await startAuthTestService()
  owner = await ownerOfNewOrg('Olga')
  outsider = await ownerOfNewOrg('Otto')
})
afterAll(async () => {
  await svc?.close()
})

describe('GET and POST /roles', () => {
  it('lists the four system roles first, with how many members hold each', async () => {
    const res = await call(owner, 'GET', '/roles')
    expect(res.status).toBe(200)
    const roles = res.json.map((r: unknown) => ZRole.parse(r))
    expect(roles.slice(0, 4).map((r: { name: string }) => r.name)).toEqual(['Owner', 'Admin', 'Member', 'Viewer'])
    expect(roles.every((r: { isSystemRole: boolean }, i: number) => r.isSystemRole === i < 4)).toBe(true)
    expect(roles.find((r: { name: string }) => r.name === 'Owner').memberCount).toBe(1)
  })

  it('creates a custom role that can do nothing until its matrix is set', async () => {
    const res = await call(owner, 'POST', '/roles', { name: '  Estimator  ', description: 'Prices jobs' })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ name: 'Estimator', description: 'Prices jobs', isSystemRole: false, memberCount: 0 })
    const matrix = await call(owner, 'GET', `/roles/${res.json.id}/permissions`)
    expect(matrix.json.map((p: unknown) => ZRolePermission.parse(p))).toHaveLength(4)
    expect(matrix.json.every((p: Record<string, unknown>) => !p.canAccess && !p.canCreate && !p.canEdit && !p.canDelete && !p.canShare)).toBe(true)
  })

  it('refuses a missing name with the spec message and a taken one (any case, system names too) with 409', async () => {
    const empty = await call(owner, 'POST', '/roles', { name: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.json.errors).toEqual([{ field: 'name', message: ROLE_MESSAGES.nameRequired }])
    expect((await call(owner, 'POST', '/roles', { description: 'x' })).json.errors[0]).toEqual({ field: 'name', message: ROLE_MESSAGES.nameRequired })
    await call(owner, 'POST', '/roles', { name: 'Crew Lead' })
    const again = await call(owner, 'POST', '/roles', { name: 'crew lead' })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe(ROLE_MESSAGES.nameTaken)
    expect((await call(owner, 'POST', '/roles', { name: 'owner' })).status).toBe(409)
    // Another organisation may use the same name.
    expect((await call(outsider, 'POST', '/roles', { name: 'Crew Lead' })).status).toBe(201)
  })
})

describe('PATCH and DELETE /roles/{id}', () => {
  it('renames and describes a custom role; system roles answer 403; another organisation’s role 404', async () => {
    const created = (await call(owner, 'POST', '/roles', { name: 'Site Visitor' })).json
    const renamed = await call(owner, 'PATCH', `/roles/${created.id}`, { name: 'Site Inspector', description: null })
    expect(renamed.status).toBe(200)
    expect(renamed.json).toMatchObject({ name: 'Site Inspector', description: null })
    const system = await call(owner, 'PATCH', `/roles/${SYSTEM_ROLE_IDS.Member}`, { name: 'Crew' })
    expect(system.status).toBe(403)
    expect(system.json.message).toBe(ROLE_MESSAGES.systemReadOnly)
    expect((await call(outsider, 'PATCH', `/roles/${created.id}`, { name: 'Mine' })).status).toBe(404)
    expect((await call(outsider, 'DELETE', `/roles/${created.id}`)).status).toBe(404)
    expect((await call(owner, 'DELETE', `/roles/${SYSTEM_ROLE_IDS.Viewer}`)).status).toBe(403)
  })

  it('refuses to delete a role members hold, saying how many, and deletes it once free', async () => {
    const role = (await call(owner, 'POST', '/roles', { name: 'Temp' })).json
    const member = await memberWith(role.id)
    const refused = await call(owner, 'DELETE', `/roles/${role.id}`)
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe(ROLE_MESSAGES.inUse(1))
    await svc.deps.prisma.membership.update({
      where: { userId_organizationId: { userId: member.userId, organizationId: owner.orgId } },
      data: { roleId: SYSTEM_ROLE_IDS.Viewer },
    })
    expect((await call(owner, 'DELETE', `/roles/${role.id}`)).status).toBe(204)
    expect((await call(owner, 'GET', `/roles/${role.id}/permissions`)).status).toBe(404)
  })
})

describe('GET and PUT /roles/{id}/permissions', () => {
  it('shows system roles’ flags read-only', async () => {
    const viewer = await call(owner, 'GET', `/roles/${SYSTEM_ROLE_IDS.Viewer}/permissions`)
    expect(viewer.status).toBe(200)
    expect(viewer.json.find((p: { module: string }) => p.module === 'cost_estimator')).toMatchObject({ canAccess: true, canCreate: false })
    const put = await call(owner, 'PUT', `/roles/${SYSTEM_ROLE_IDS.Viewer}/permissions`, [])
    expect(put.status).toBe(403)
    expect(put.json.message).toBe(ROLE_MESSAGES.systemPermissionsReadOnly)
  })

  it('refuses a module twice and an unknown module with 400', async () => {
    const role = (await call(owner, 'POST', '/roles', { name: 'Checker' })).json
    const row = { module: 'team', canAccess: true, canCreate: false, canEdit: false, canDelete: false, canShare: false }
    expect((await call(owner, 'PUT', `/roles/${role.id}/permissions`, [row, row])).status).toBe(400)
    expect((await call(owner, 'PUT', `/roles/${role.id}/permissions`, [{ ...row, module: 'payroll' }])).status).toBe(400)
    expect((await call(owner, 'PUT', `/roles/${role.id}/permissions`, { module: 'team' })).status).toBe(400)
  })

  it('a matrix change reaches the role’s holders on their next request', async () => {
    const role = (await call(owner, 'POST', '/roles', { name: 'Team Reader' })).json
    const member = await memberWith(role.id)
    const before = await call(member, 'GET', '/roles')
    expect(before.status).toBe(403)
    await svc.deps.redis.set(redisKeys.identity(svc.deps.env.REDIS_PREFIX, member.userId), 'stale')
    const granted = await call(owner, 'PUT', `/roles/${role.id}/permissions`, [
      { module: 'team', canAccess: true, canCreate: false, canEdit: false, canDelete: false, canShare: false },
    ])
    expect(granted.status).toBe(200)
    expect(granted.json.find((p: { module: string }) => p.module === 'team')).toMatchObject({ canAccess: true, canCreate: false })
    // The cached identity the gateway would have used is gone: the next request resolves afresh.
    expect(await svc.deps.redis.get(redisKeys.identity(svc.deps.env.REDIS_PREFIX, member.userId))).toBeNull()
    expect((await call(member, 'GET', '/roles')).status).toBe(200)
    expect((await call(member, 'POST', '/roles', { name: 'Sneaky' })).status).toBe(403)
  })
})

describe('the roles routes under wrong input', () => {
  it('answer 4xx with field messages, never 5xx, for odd bodies and ids', async () => {
    const created = await call(owner, 'POST', '/roles', { name: `Fuzz target ${Date.now()}` })
    const id = created.json.id as string
    const odd: unknown[] = [
      null,
      true,
      0,
      'text',
      [],
      {},
      { name: null },
      { name: 123 },
      { name: 'x'.repeat(10_000) },
      { name: 'Nul\u0000' },
      { name: ['a'] },
      { description: {} },
    ]
    const oddMatrix: unknown[] = [
      null,
      {},
      'all',
      [null],
      [{}],
      [{ module: 'team' }],
      [{ module: 'team', canAccess: 'yes' }],
      [{ module: '\u0000', canAccess: true }],
      Array(50).fill({ module: 'team' }),
    ]
    const failures: string[] = []
    const check = async (method: string, path: string, body: unknown) => {
      const res = await call(owner, method, path, body)
      if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body)?.slice(0, 60)}: ${res.status}`)
      if (res.status === 400 && !(res.json?.errors?.length > 0)) failures.push(`${method} ${path}: 400 without field errors`)
    }
    for (const body of odd) {
      await check('POST', '/roles', body)
      await check('PATCH', `/roles/${id}`, body)
    }
    for (const body of oddMatrix) await check('PUT', `/roles/${id}/permissions`, body)
    for (const badId of ['x', '00000000-0000-4000-8000-000000000000', 'a'.repeat(300), '%00', '..%2F'])
      for (const [method, suffix] of [
        ['PATCH', ''],
        ['DELETE', ''],
        ['GET', '/permissions'],
        ['PUT', '/permissions'],
      ] as const) {
        const res = await call(owner, method, `/roles/${badId}${suffix}`, method === 'PATCH' ? { name: 'Renamed' } : method === 'PUT' ? [] : undefined)
        if (res.status >= 500 || res.status < 400) failures.push(`${method} /roles/${badId}${suffix}: ${res.status}`)
      }
    expect(failures).toEqual([])
  })
})

describe('members (GET/PATCH/DELETE /members)', () => {
  it('lists members with names, e-mail, role and joined date; another organisation sees none of them', async () => {
    const org = await ownerOfNewOrg('Mira')
    const list = await call(org, 'GET', '/members')
    expect(list.status).toBe(200)
    expect(list.json).toEqual([expect.objectContaining({ userId: org.userId, firstName: 'Mira', roleId: SYSTEM_ROLE_IDS.Owner, roleName: 'Owner' })])
    expect((await call(outsider, 'GET', `/members`)).json.map((m: { userId: string }) => m.userId)).not.toContain(org.userId)
  })

  it('changes a role (reaching the member on their next request), and keeps the last Owner', async () => {
    const member = await memberWith(SYSTEM_ROLE_IDS.Member)
    const changed = await call(owner, 'PATCH', `/members/${member.userId}`, { roleId: SYSTEM_ROLE_IDS.Viewer })
    expect(changed.status).toBe(200)
    expect(changed.json).toMatchObject({ userId: member.userId, roleName: 'Viewer' })
    const identity = await resolveIdentity(svc.deps, member.userId)
    expect(identity?.memberships.find((m) => m.orgId === owner.orgId)?.role).toBe('Viewer')

    const demoteLast = await call(owner, 'PATCH', `/members/${owner.userId}`, { roleId: SYSTEM_ROLE_IDS.Admin })
    expect(demoteLast.status).toBe(409)
    expect(demoteLast.json.message).toBe(MEMBER_MESSAGES.lastOwner)
    expect((await call(owner, 'DELETE', `/members/${owner.userId}`)).status).toBe(409)

    const unknownRole = await call(owner, 'PATCH', `/members/${member.userId}`, { roleId: 'system-role-nope' })
    expect(unknownRole.status).toBe(400)
    expect(unknownRole.json.errors).toEqual([{ field: 'roleId', message: MEMBER_MESSAGES.roleNotFound }])
    expect((await call(owner, 'PATCH', `/members/${member.userId}`, {})).json.errors).toEqual([{ field: 'roleId', message: MEMBER_MESSAGES.roleRequired }])
    // Another organisation's role is no role here.
    const foreign = await call(outsider, 'POST', '/roles', { name: `Foreign ${Date.now()}` })
    expect((await call(owner, 'PATCH', `/members/${member.userId}`, { roleId: foreign.json.id })).status).toBe(400)
  })

  it('only an Owner makes Owners; an Admin cannot, nor remove anyone (team delete)', async () => {
    const admin = await memberWith(SYSTEM_ROLE_IDS.Admin)
    const member = await memberWith(SYSTEM_ROLE_IDS.Member)
    expect((await call(admin, 'PATCH', `/members/${member.userId}`, { roleId: SYSTEM_ROLE_IDS.Owner })).status).toBe(403)
    expect((await call(admin, 'PATCH', `/members/${owner.userId}`, { roleId: SYSTEM_ROLE_IDS.Member })).status).toBe(403)
    expect((await call(admin, 'PATCH', `/members/${member.userId}`, { roleId: SYSTEM_ROLE_IDS.Viewer })).status).toBe(200)
    expect((await call(admin, 'DELETE', `/members/${member.userId}`)).status).toBe(403)
  })

  it('removes a member: gone from the list, and their next request no longer reaches the organisation', async () => {
    const member = await memberWith(SYSTEM_ROLE_IDS.Member)
    expect((await call(owner, 'DELETE', `/members/${member.userId}`)).status).toBe(204)
    expect((await call(owner, 'GET', '/members')).json.map((m: { userId: string }) => m.userId)).not.toContain(member.userId)
    const identity = await resolveIdentity(svc.deps, member.userId)
    expect(identity?.memberships.some((m) => m.orgId === owner.orgId)).toBe(false)
    expect((await call(owner, 'DELETE', `/members/${member.userId}`)).status).toBe(404)
    expect((await call(owner, 'DELETE', '/members/%00')).status).toBe(404)
    // A second Owner can be made, and then the first may step down.
    const second = await memberWith(SYSTEM_ROLE_IDS.Member)
    expect((await call(owner, 'PATCH', `/members/${second.userId}`, { roleId: SYSTEM_ROLE_IDS.Owner })).status).toBe(200)
    expect((await call(second, 'PATCH', `/members/${owner.userId}`, { roleId: SYSTEM_ROLE_IDS.Admin })).status).toBe(200)
    expect((await call(owner, 'GET', '/members')).json.find((m: { userId: string }) => m.userId === owner.userId).roleName).toBe('Admin')
  })
})

describe('nobody grants what they do not hold (Owners excepted)', () => {
  type Flag = 'canAccess' | 'canCreate' | 'canEdit' | 'canDelete' | 'canShare'
  const FLAGS: [Flag, PermissionAction][] = [
    ['canAccess', 'access'],
    ['canCreate', 'create'],
    ['canEdit', 'edit'],
    ['canDelete', 'delete'],
    ['canShare', 'share'],
  ]
  /** The matrix holding every flag `keep` says yes to. */
  const matrix = (keep: (module: PermissionModule, action: PermissionAction) => boolean) =>
    PERMISSION_MODULES.map((module) => ({ module, ...Object.fromEntries(FLAGS.map(([flag, action]) => [flag, keep(module, action)])) }))
  const everything = matrix(() => true)
  /** A custom role of the owner's organisation, its matrix set by the Owner. */
  async function roleWith(rows: unknown[]) {
    const role = (await call(owner, 'POST', '/roles', { name: `Role ${crypto.randomUUID()}` })).json
    expect((await call(owner, 'PUT', `/roles/${role.id}/permissions`, rows)).status).toBe(200)
    return role.id as string
  }
  const inviteBody = (roleId: string) => ({ email: `esc-${crypto.randomUUID()}@example.com`, roleId })
  // A fresh organisation: the shared one's Owner stepped down above.
  beforeAll(async () => {
    owner = await ownerOfNewOrg('Bea')
  })

  it('replays the probe: an Admin (no team delete) neither grants a role everything nor takes it, and still cannot revoke invitations', async () => {
    const admin = await memberWith(SYSTEM_ROLE_IDS.Admin)
    const pending = await call(owner, 'POST', '/invitations', inviteBody(SYSTEM_ROLE_IDS.Viewer))
    expect(pending.status).toBe(201)
    const created = await call(admin, 'POST', '/roles', { name: `Super ${Date.now()}` })
    expect(created.status).toBe(201)
    const grant = await call(admin, 'PUT', `/roles/${created.json.id}/permissions`, everything)
    expect(grant.status).toBe(403)
    expect(grant.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(grant.json.detail).toBe(ROLE_MESSAGES.grantBeyondOwn(['team delete', 'team share']))
    expect((await call(owner, 'GET', `/roles/${created.json.id}/permissions`)).json.some((p: Record<string, boolean>) => p.canDelete)).toBe(false)
    // A role with every right, made by the Owner, is not the Admin's to take or to give.
    const superRole = await roleWith(everything)
    const self = await call(admin, 'PATCH', `/members/${admin.userId}`, { roleId: superRole })
    expect(self.status).toBe(403)
    expect(self.json.detail).toBe(ROLE_MESSAGES.roleBeyondOwn(['team delete', 'team share']))
    expect(self.json.errors).toEqual([{ field: 'roleId', message: ROLE_MESSAGES.roleBeyondOwn(['team delete', 'team share']) }])
    const member = await memberWith(SYSTEM_ROLE_IDS.Member)
    expect((await call(admin, 'PATCH', `/members/${member.userId}`, { roleId: superRole })).status).toBe(403)
    expect((await call(admin, 'POST', '/invitations', inviteBody(superRole))).status).toBe(403)
    // Nor may it change that role, even to take rights away, nor the role of a member holding it.
    expect(
      (
        await call(
          admin,
          'PUT',
          `/roles/${superRole}/permissions`,
          matrix(() => false),
        )
      ).json.detail,
    ).toBe(ROLE_MESSAGES.roleBeyondOwn(['team delete', 'team share']))
    const holder = await memberWith(superRole)
    const demote = await call(admin, 'PATCH', `/members/${holder.userId}`, { roleId: SYSTEM_ROLE_IDS.Viewer })
    expect(demote.status).toBe(403)
    expect(demote.json.detail).toBe(ROLE_MESSAGES.memberBeyondOwn(['team delete', 'team share']))
    expect((await call(admin, 'DELETE', `/invitations/${pending.json.id}`)).status).toBe(403)
    expect((await resolveIdentity(svc.deps, admin.userId))!.memberships.find((m) => m.orgId === owner.orgId)!.role).toBe('Admin')
    // Within its own rights it still manages roles and members.
    expect(
      (
        await call(
          admin,
          'PUT',
          `/roles/${created.json.id}/permissions`,
          matrix((m, a) => m !== 'team' || a !== 'delete'),
        )
      ).status,
    ).toBe(403)
    expect(
      (
        await call(
          admin,
          'PUT',
          `/roles/${created.json.id}/permissions`,
          matrix((m, a) => m !== 'team' || ['access', 'edit'].includes(a)),
        )
      ).status,
    ).toBe(200)
    expect((await call(admin, 'PATCH', `/members/${member.userId}`, { roleId: created.json.id })).status).toBe(200)
    expect((await call(admin, 'PATCH', `/members/${member.userId}`, { roleId: SYSTEM_ROLE_IDS.Admin })).status).toBe(200)
    // The Owner grants and gives anything.
    expect((await call(owner, 'PUT', `/roles/${created.json.id}/permissions`, everything)).status).toBe(200)
    expect((await call(owner, 'PATCH', `/members/${member.userId}`, { roleId: superRole })).status).toBe(200)
  })

  const every = PERMISSION_MODULES.flatMap((module) => FLAGS.map(([flag, action]) => ({ module, flag, action })))
  it.each(every)('$module $action: an actor without it can neither grant it, nor give or take a role carrying it', async ({ module, flag, action }) => {
    const label = `${module} ${action}`
    const lacking = await roleWith(matrix((m, a) => m !== module || a !== action))
    const actor = await memberWith(lacking)
    const target = await roleWith(matrix((m, a) => m === module && a === action))
    const open = await roleWith(matrix(() => false))
    const other = await memberWith(await roleWith(matrix(() => false)))
    const attempts = [
      await call(actor, 'PUT', `/roles/${open}/permissions`, [
        { module, canAccess: false, canCreate: false, canEdit: false, canDelete: false, canShare: false, [flag]: true },
      ]),
      await call(actor, 'PATCH', `/members/${actor.userId}`, { roleId: target }),
      await call(actor, 'PATCH', `/members/${other.userId}`, { roleId: target }),
      await call(actor, 'POST', '/invitations', inviteBody(target)),
    ]
    for (const res of attempts) expect(res.status).toBe(403)
    // Where the route itself needs the permission (team access, create, edit), the route refuses
    // first; everywhere else the refusal names what the actor lacks.
    const reachable = (route: PermissionAction) => module !== 'team' || (action !== route && action !== 'access')
    if (reachable('edit')) {
      expect(attempts[0]!.json.detail).toBe(ROLE_MESSAGES.grantBeyondOwn([label]))
      expect(attempts[1]!.json.detail).toBe(ROLE_MESSAGES.roleBeyondOwn([label]))
      expect(attempts[2]!.json.detail).toBe(ROLE_MESSAGES.roleBeyondOwn([label]))
      // What it holds it may grant and give.
      expect(
        (
          await call(
            actor,
            'PUT',
            `/roles/${open}/permissions`,
            matrix((m, a) => m !== module || a !== action),
          )
        ).status,
      ).toBe(200)
      expect((await call(actor, 'PATCH', `/members/${other.userId}`, { roleId: open })).status).toBe(200)
    }
    if (reachable('create')) expect(attempts[3]!.json.detail).toBe(ROLE_MESSAGES.roleBeyondOwn([label]))
    const granted = (await call(owner, 'GET', `/roles/${open}/permissions`)).json as Record<string, unknown>[]
    expect(granted.find((p) => p.module === module)?.[flag]).toBe(false)
  })
})
