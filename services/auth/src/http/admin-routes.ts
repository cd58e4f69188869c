import { type AdminCreateUserResponse, ErrorCode, isPlatformAdmin, ZAdminCreateUserBody, ZAdminMembershipBody } from '@plumbline/contracts'
import { AppError, contextOf, parseBody, uuidParam } from '@plumbline/service-kit'
import express, { type RequestHandler, type Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { recordAdminAction } from '../events/record-admin-action.js'
import { createUserWithTemporaryPassword } from '../usecases/create-user-with-temporary-password.js'
import { deleteUser } from '../usecases/delete-user.js'
import { listAdminOrganizations, listAdminUsers } from '../usecases/list-admin-users.js'
import { setUserMembership } from '../usecases/set-user-membership.js'

/**
 * The gateway already answers 403 to non-admins on /api/admin/*; auth checks again so a call
 * that bypasses the gateway (or a mis-ordered route table) cannot act as an admin.
 */
const requirePlatformAdmin: RequestHandler = (_req, res, next) => {
  if (!isPlatformAdmin(contextOf(res).systemRole)) throw new AppError(403, ErrorCode.FORBIDDEN, 'Admin access required')
  next()
}

/** Platform administration of accounts (spec 001 §2 Admin, §7): users live in auth, so auth serves them. */
export function adminRoutes(deps: AuthDeps): Router {
  const router = express.Router()
  router.use('/admin', requirePlatformAdmin)

  router.get('/admin/check', (_req, res) => {
    res.json({ isAdmin: true })
  })

  router.get('/admin/users', async (_req, res) => {
    res.json(await listAdminUsers(deps))
  })

  router.get('/admin/organizations', async (_req, res) => {
    res.json(await listAdminOrganizations(deps))
  })

  router.post('/admin/users/create', async (req, res) => {
    const body = parseBody(ZAdminCreateUserBody, req)
    const created = await createUserWithTemporaryPassword(deps, {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      password: body.mode === 'custom' ? body.password : undefined,
      requirePasswordReset: body.requirePasswordReset,
      organizationId: body.organizationId || undefined,
      roleId: body.organizationId ? body.roleId || undefined : undefined,
      actorId: contextOf(res).userId,
    })
    await recordAdminAction(deps, contextOf(res).userId, {
      action: 'user.created',
      target: created.userId,
      before: null,
      after: { email: body.email, mode: body.mode, requirePasswordReset: body.requirePasswordReset, organizationId: created.organizationId },
    })
    const reply: AdminCreateUserResponse = { userId: created.userId, mode: body.mode, temporaryPassword: created.generated ? created.password : null }
    res.status(201).json(reply)
  })

  router.put('/admin/users/:id/membership', async (req, res) => {
    const userId = uuidParam(req, 'id', 'User')
    const body = parseBody(ZAdminMembershipBody, req)
    const change = await setUserMembership(deps, userId, body)
    await recordAdminAction(deps, contextOf(res).userId, { action: 'user.membership_changed', target: userId, ...change })
    res.json({ message: 'Membership updated' })
  })

  router.delete('/admin/users/:id', async (req, res) => {
    const userId = uuidParam(req, 'id', 'User')
    const actorId = contextOf(res).userId
    const before = await deps.prisma.user.findFirst({ where: { id: userId, deletedAt: null }, select: { email: true, firstName: true, lastName: true } })
    await deleteUser(deps, { userId, actorId })
    await recordAdminAction(deps, actorId, { action: 'user.deleted', target: userId, before, after: null })
    res.json({ message: 'User deleted' })
  })

  return router
}
