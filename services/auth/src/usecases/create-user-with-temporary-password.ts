import { type OrganizationCreatedV1, Subjects, type SystemRole, type UserRegisteredV1 } from '@plumbline/contracts'
import { badRequest, inTransaction, notFound } from '@plumbline/service-kit'
import type { Tx } from '../data/db.js'
import { addMember } from '../data/members-repo.js'
import { createOrganization, findOrganization } from '../data/organizations-repo.js'
import { findVisibleRole } from '../data/roles-repo.js'
import { SYSTEM_ROLE_IDS } from '../data/system-roles.js'
import { createUser, findLiveUserByEmail } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { emailTaken, isUniqueViolation } from '../domain/auth-errors.js'
import { personalOrganizationName } from '../domain/organization-name.js'
import { generateTemporaryPassword, hashPassword } from '../domain/passwords.js'
import { recordEvent } from '../events/record-event.js'

export type CreateUserInput = {
  email: string
  firstName: string
  lastName: string
  /** Custom password; omitted means one is generated (and returned once). */
  password?: string
  /** Defaults to true: whoever set the password is not the user. */
  requirePasswordReset?: boolean
  /** Organisation to join; omitted means a new one of their own, as Owner. */
  organizationId?: string
  /** Defaults to the Member system role. */
  roleId?: string
  systemRole?: SystemRole
  /** Who did it (an admin's user id); null for an operator's command line, which has no account. */
  actorId: string | null
}

export type CreatedUser = { userId: string; organizationId: string; password: string; generated: boolean }

async function assertRoleUsable(tx: Tx, organizationId: string, roleId: string): Promise<void> {
  const role = await findVisibleRole(tx, organizationId, roleId)
  if (!role) throw badRequest('Role not found in this organization', [{ field: 'roleId', message: 'Role not found in this organization' }])
}

/**
 * Platform admins create accounts for others (spec 001, admin users). The address is taken as
 * verified (an admin vouches for it) and, by default, the password must be changed at first
 * sign-in, which login reports as next: 'force_reset'.
 */
export async function createUserWithTemporaryPassword(deps: AuthDeps, input: CreateUserInput): Promise<CreatedUser> {
  const email = input.email.trim().toLowerCase()
  if (await findLiveUserByEmail(deps.prisma, email)) throw emailTaken()
  const generated = !input.password
  const password = input.password ?? generateTemporaryPassword()
  const passwordHash = await hashPassword(password)
  try {
    const result = await inTransaction(deps, async (tx) => {
      const user = await createUser(tx, {
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        systemRole: input.systemRole ?? 'user',
        emailVerifiedAt: new Date(),
        requirePasswordReset: input.requirePasswordReset ?? true,
      })
      let organizationId = input.organizationId
      let roleId = input.roleId ?? SYSTEM_ROLE_IDS.Member
      if (organizationId) {
        if (!(await findOrganization(tx, organizationId))) throw notFound('Organization')
        await assertRoleUsable(tx, organizationId, roleId)
      } else {
        const organization = await createOrganization(tx, { name: personalOrganizationName(input.firstName) })
        organizationId = organization.id
        roleId = SYSTEM_ROLE_IDS.Owner
        await recordEvent<OrganizationCreatedV1>(tx, {
          type: Subjects.organizationCreated,
          orgId: organizationId,
          actorId: input.actorId,
          data: { organizationId, name: organization.name, ownerId: user.id },
        })
      }
      await addMember(tx, organizationId, user.id, roleId)
      await recordEvent<UserRegisteredV1>(tx, {
        type: Subjects.userRegistered,
        orgId: organizationId,
        actorId: input.actorId,
        data: { userId: user.id, email, organizationId, firstName: user.firstName, lastName: user.lastName },
      })
      return { userId: user.id, organizationId }
    })
    return { ...result, password, generated }
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}
