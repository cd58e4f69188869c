import { type AdminMembershipBody, type MemberJoinedV1, Subjects } from '@plumbline/contracts'
import { badRequest, inTransaction, notFound } from '@plumbline/service-kit'
import { invalidateIdentity } from '../data/identity-cache.js'
import { putMember } from '../data/members-repo.js'
import { findOrganization } from '../data/organizations-repo.js'
import { findVisibleRole } from '../data/roles-repo.js'
import { findLiveUserWithMembershipRows } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { recordEvent } from '../events/record-event.js'

export type MembershipChange = { before: { organizationId: string; roleId: string }[]; after: AdminMembershipBody }

/**
 * PUT /admin/users/:id/membership: sets the user's role in this organisation (adding the
 * membership when missing) and leaves the user's other memberships as they are (an
 * edit of one membership must not silently remove the user from every other organisation).
 * The cached identity is dropped so the next request sees the new permissions. A new membership
 * is announced (auth.member.joined.v1, addedBy platform_admin), so the tenant's activity feed
 * shows that a platform admin put someone (often themselves, for support) into the organisation.
 */
export async function setUserMembership(deps: AuthDeps, actorId: string, userId: string, input: AdminMembershipBody): Promise<MembershipChange> {
  const before = await inTransaction(deps, async (tx) => {
    const user = await findLiveUserWithMembershipRows(tx, userId)
    if (!user) throw notFound('User')
    if (!(await findOrganization(tx, input.organizationId)))
      throw badRequest('Organization not found', [{ field: 'organizationId', message: 'Organization not found' }])
    const role = await findVisibleRole(tx, input.organizationId, input.roleId)
    if (!role) throw badRequest('Role not found in this organization', [{ field: 'roleId', message: 'Role not found in this organization' }])
    await putMember(tx, input.organizationId, userId, input.roleId)
    if (!user.memberships.some((m) => m.organizationId === input.organizationId))
      await recordEvent<MemberJoinedV1>(tx, {
        type: Subjects.memberJoined,
        orgId: input.organizationId,
        actorId,
        data: {
          userId,
          email: user.email,
          organizationId: input.organizationId,
          firstName: user.firstName,
          lastName: user.lastName,
          roleName: role.name,
          addedBy: 'platform_admin',
        },
      })
    return user.memberships.map((m) => ({ organizationId: m.organizationId, roleId: m.roleId }))
  })
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, userId)
  return { before, after: input }
}
