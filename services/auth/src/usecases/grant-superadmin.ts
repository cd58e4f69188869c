import type { SystemRole } from '@plumbline/contracts'
import { invalidateIdentity } from '../data/identity-cache.js'
import { findLiveUserByEmail, setSystemRole } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { recordAdminAction } from '../events/record-admin-action.js'
import { createUserWithTemporaryPassword } from './create-user-with-temporary-password.js'

export type GrantSuperadminInput = {
  email: string
  firstName?: string
  lastName?: string
  /** A new account's password (changed at first sign-in); omitted, one is generated and returned once. */
  password?: string
  /** How it was granted, kept in the audit entry (`npm run admin:create`, the create-admin Job). */
  via: string
}
export type GrantSuperadminResult = {
  userId: string
  outcome: 'created' | 'promoted' | 'unchanged'
  previousRole: SystemRole | null
  /** Only when the password was generated here. */
  temporaryPassword: string | null
}

/**
 * The first platform admin of a deployment (the API cannot grant a system role, and demo seeding
 * is refused in production): creates the account as superadmin, or promotes an existing one, and
 * audits it (admin.action.recorded, the account itself as actor: an operator's command line has no
 * account). A new account's address counts as verified and its password must be changed at first
 * sign-in; a promoted user's cached identity is dropped so the next request carries the role.
 */
export async function grantSuperadmin(deps: Pick<AuthDeps, 'prisma' | 'redis' | 'env'>, input: GrantSuperadminInput): Promise<GrantSuperadminResult> {
  const email = input.email.trim().toLowerCase()
  const existing = await findLiveUserByEmail(deps.prisma, email)
  if (!existing) {
    const created = await createUserWithTemporaryPassword(deps as AuthDeps, {
      email,
      firstName: input.firstName ?? 'Platform',
      lastName: input.lastName ?? 'Admin',
      password: input.password,
      requirePasswordReset: true,
      systemRole: 'superadmin',
      actorId: null,
    })
    await recordAdminAction(deps, created.userId, {
      action: 'user.created',
      target: created.userId,
      before: null,
      after: { email, systemRole: 'superadmin', via: input.via },
    })
    return { userId: created.userId, outcome: 'created', previousRole: null, temporaryPassword: created.generated ? created.password : null }
  }
  if (existing.systemRole === 'superadmin') return { userId: existing.id, outcome: 'unchanged', previousRole: 'superadmin', temporaryPassword: null }
  await setSystemRole(deps.prisma, existing.id, 'superadmin')
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, existing.id)
  await recordAdminAction(deps, existing.id, {
    action: 'user.system_role_changed',
    target: existing.id,
    before: { systemRole: existing.systemRole },
    after: { systemRole: 'superadmin', via: input.via },
  })
  return { userId: existing.id, outcome: 'promoted', previousRole: existing.systemRole, temporaryPassword: null }
}
