import type { PermissionAction } from '@plumbline/contracts'
import { orgContextOf, requirePermission } from '@plumbline/service-kit'
import type { Response } from 'express'
import type { OrgContext } from '../usecases/context.js'

/**
 * The caller on an org-scoped route: the token's organisation must be `orgId` (else 404), and
 * the role must allow `action` in the cost estimator module, where AI content lives (else 403).
 */
export function orgCtx(res: Response, orgId: unknown, action: PermissionAction): OrgContext {
  const ctx = orgContextOf(res, typeof orgId === 'string' ? orgId : '')
  requirePermission(ctx, 'cost_estimator', action)
  return ctx
}
