import { ErrorCode, MEMBER_MESSAGES, type Member, type MemberRoleBody } from '@plumbline/contracts'
import { AppError, badRequest, inTransaction, notFound, type OrgContext } from '@plumbline/service-kit'
import { invalidateIdentity } from '../data/identity-cache.js'
import { countMembersWithRole, deleteMember, findMemberRow, listMemberRows, lockOrganizationMembers, setMemberRole, toMember } from '../data/members-repo.js'
import { findVisibleRole, permissionsOf } from '../data/roles-repo.js'
import { SYSTEM_ROLE_IDS } from '../data/system-roles.js'
import type { AuthDeps } from '../deps.js'
import { beyondActor } from '../domain/permissions.js'
import { memberBeyondOwn, roleBeyondOwn } from '../domain/role-errors.js'

const OWNER = SYSTEM_ROLE_IDS.Owner
const memberNotFound = () => notFound('Member')
const lastOwner = () => new AppError(409, ErrorCode.CONFLICT, MEMBER_MESSAGES.lastOwner)
const ownersOnly = () => new AppError(403, ErrorCode.FORBIDDEN, 'Only an Owner can make someone Owner or change an Owner’s role')

export async function listMembers(deps: Pick<AuthDeps, 'prisma'>, ctx: OrgContext): Promise<Member[]> {
  return (await listMemberRows(deps.prisma, ctx.orgId)).map(toMember)
}

/**
 * Gives a member another role of this organisation (a system role or one of its own). Owner is
 * given and taken by Owners only, and the last Owner keeps the role. Nobody gives a role carrying
 * permissions they lack themselves, to anyone (themselves too), nor changes the role of a member
 * whose role carries such (Owners excepted). The member's next request carries the new
 * permissions (the identity cache is dropped).
 */
export async function changeMemberRole(
  deps: Pick<AuthDeps, 'prisma' | 'redis' | 'env'>,
  ctx: OrgContext,
  userId: string,
  body: MemberRoleBody,
): Promise<Member> {
  const member = await inTransaction(deps, async (tx) => {
    await lockOrganizationMembers(tx, ctx.orgId)
    const row = await findMemberRow(tx, ctx.orgId, userId)
    if (!row) throw memberNotFound()
    const role = await findVisibleRole(tx, ctx.orgId, body.roleId)
    if (!role) throw badRequest(MEMBER_MESSAGES.roleNotFound, [{ field: 'roleId', message: MEMBER_MESSAGES.roleNotFound }])
    if ((row.roleId === OWNER || role.id === OWNER) && ctx.orgRole !== 'Owner') throw ownersOnly()
    const given = beyondActor(ctx, await permissionsOf(tx, role.id))
    if (given.length) throw roleBeyondOwn(given, 'roleId')
    const current = beyondActor(ctx, await permissionsOf(tx, row.roleId))
    if (current.length) throw memberBeyondOwn(current)
    if (row.roleId === OWNER && role.id !== OWNER && (await countMembersWithRole(tx, ctx.orgId, OWNER)) <= 1) throw lastOwner()
    return toMember(await setMemberRole(tx, ctx.orgId, row.id, role.id))
  })
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, userId)
  return member
}

/**
 * Removes a member from this organisation (the account stays, with its other organisations).
 * Their access to it ends with their next request; the last Owner cannot be removed.
 */
export async function removeMember(deps: Pick<AuthDeps, 'prisma' | 'redis' | 'env'>, ctx: OrgContext, userId: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await lockOrganizationMembers(tx, ctx.orgId)
    const row = await findMemberRow(tx, ctx.orgId, userId)
    if (!row) throw memberNotFound()
    if (row.roleId === OWNER && ctx.orgRole !== 'Owner') throw ownersOnly()
    if (row.roleId === OWNER && (await countMembersWithRole(tx, ctx.orgId, OWNER)) <= 1) throw lastOwner()
    await deleteMember(tx, ctx.orgId, row.id)
  })
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, userId)
}
