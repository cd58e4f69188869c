import { ErrorCode } from '@plumbline/contracts'
import { adminRoutes } from '@plumbline/contracts/api-routes'
import { AppError, catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { listAuditEntries } from '../usecases/list-audit-entries.js'
import { listSubscriptionOverrides, removeSubscriptionOverride, setSubscriptionOverride } from '../usecases/subscription-overrides.js'

const orgIdParam = (value: string | undefined) => {
  const id = (value ?? '').trim()
  if (!id || id.length > 64) throw new AppError(404, ErrorCode.NOT_FOUND, 'Organization not found')
  return id
}

/** Subscription overrides and the audit log (spec 001 §2 Admin, §7), platform admins only (the catalogue's `admin` access). */
export function platformAdminRoutes(deps: Pick<AdminDeps, 'prisma' | 'env' | 'bus' | 'logger'>): Router {
  return catalogueRouter(adminRoutes)
    .on('getAdminSubscriptionOverrides', () => listSubscriptionOverrides(deps))
    .on('putAdminSubscriptionOverride', async ({ ctx, body, req }) => {
      await setSubscriptionOverride(deps, orgIdParam(req.params.orgId), body, ctx.userId)
      return { message: 'Override saved' }
    })
    .on('deleteAdminSubscriptionOverride', async ({ ctx, req }) => {
      await removeSubscriptionOverride(deps, orgIdParam(req.params.orgId), ctx.userId)
      return { message: 'Override removed' }
    })
    .on('getAdminAudit', () => listAuditEntries(deps)).router
}
