import { authRoutes as catalogue } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { recordAdminAction } from '../events/record-admin-action.js'
import { createUserWithTemporaryPassword } from '../usecases/create-user-with-temporary-password.js'
import { deleteUser } from '../usecases/delete-user.js'
import { listAdminOrganizations, listAdminUsers } from '../usecases/list-admin-users.js'
import { setUserMembership } from '../usecases/set-user-membership.js'

/**
 * Platform administration of accounts (spec 001 §2 Admin, §7): users live in auth, so auth serves
 * them. The gateway already answers 403 to non-admins on /api/admin/*; the catalogue's `admin`
 * access checks again here, so a call that bypasses the gateway cannot act as an admin.
 */
export function adminRoutes(deps: AuthDeps): Router {
  return catalogueRouter(catalogue)
    .on('getAdminCheck', () => ({ isAdmin: true }))
    .on('getAdminUsers', () => listAdminUsers(deps))
    .on('getAdminOrganizations', () => listAdminOrganizations(deps))
    .on('postAdminUsersCreate', async ({ ctx, body }) => {
      const created = await createUserWithTemporaryPassword(deps, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        password: body.mode === 'custom' ? body.password : undefined,
        requirePasswordReset: body.requirePasswordReset,
        organizationId: body.organizationId || undefined,
        roleId: body.organizationId ? body.roleId || undefined : undefined,
        actorId: ctx.userId,
      })
      await recordAdminAction(deps, ctx.userId, {
        action: 'user.created',
        target: created.userId,
        before: null,
        after: { email: body.email, mode: body.mode, requirePasswordReset: body.requirePasswordReset, organizationId: created.organizationId },
      })
      return { userId: created.userId, mode: body.mode, temporaryPassword: created.generated ? created.password : null }
    })
    .on('putAdminUserMembership', async ({ ctx, body, req }) => {
      const userId = uuidParam(req, 'id', 'User')
      const change = await setUserMembership(deps, ctx.userId, userId, body)
      await recordAdminAction(deps, ctx.userId, { action: 'user.membership_changed', target: userId, ...change })
      return { message: 'Membership updated' }
    })
    .on('deleteAdminUser', async ({ ctx, req }) => {
      const userId = uuidParam(req, 'id', 'User')
      const before = await deleteUser(deps, { userId, actorId: ctx.userId })
      await recordAdminAction(deps, ctx.userId, { action: 'user.deleted', target: userId, before, after: null })
      return { message: 'User deleted' }
    }).router
}
