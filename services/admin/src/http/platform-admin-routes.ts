import { ErrorCode, isPlatformAdmin, ZSubscriptionOverrideBody } from '@plumbline/contracts'
import { AppError, contextOf, parseBody } from '@plumbline/service-kit'
import express, { type RequestHandler, type Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { listAuditEntries } from '../usecases/list-audit-entries.js'
import { listSubscriptionOverrides, removeSubscriptionOverride, setSubscriptionOverride } from '../usecases/subscription-overrides.js'

/** The gateway answers 403 to non-admins already; checked again so nothing reaches here around it. */
const requirePlatformAdmin: RequestHandler = (_req, res, next) => {
  if (!isPlatformAdmin(contextOf(res).systemRole)) throw new AppError(403, ErrorCode.FORBIDDEN, 'Admin access required')
  next()
}

const orgIdParam = (value: string | undefined) => {
  const id = (value ?? '').trim()
  if (!id || id.length > 64) throw new AppError(404, ErrorCode.NOT_FOUND, 'Organization not found')
  return id
}

/** Subscription overrides and the audit log (spec 001 §2 Admin, §7). */
export function platformAdminRoutes(deps: Pick<AdminDeps, 'prisma' | 'env' | 'bus' | 'logger'>): Router {
  const router = express.Router()
  router.use('/admin', requirePlatformAdmin)

  router.get('/admin/subscription-overrides', async (_req, res) => {
    res.json(await listSubscriptionOverrides(deps))
  })

  router.put('/admin/subscription-overrides/:orgId', async (req, res) => {
    const orgId = orgIdParam(req.params.orgId)
    const body = parseBody(ZSubscriptionOverrideBody, req)
    await setSubscriptionOverride(deps, orgId, body, contextOf(res).userId)
    res.json({ message: 'Override saved' })
  })

  router.delete('/admin/subscription-overrides/:orgId', async (req, res) => {
    await removeSubscriptionOverride(deps, orgIdParam(req.params.orgId), contextOf(res).userId)
    res.json({ message: 'Override removed' })
  })

  router.get('/admin/audit', async (_req, res) => {
    res.json(await listAuditEntries(deps.prisma))
  })
  return router
}
