import type { PermissionAction } from '@plumbline/contracts'
import { orgContextOf, type RequestContext, requirePermission } from '@plumbline/service-kit'
import type { Request, Response } from 'express'

export type OrgContext = RequestContext & { orgId: string }

/**
 * The caller's context on an org-scoped route: the token's organisation must be the path's
 * (else 404), and the role must allow `action` in the cost estimator module (else 403).
 */
export function orgCtx(req: Request, res: Response, action: PermissionAction): OrgContext {
  const orgId = typeof req.params.orgId === 'string' ? req.params.orgId : ''
  const ctx = orgContextOf(res, orgId)
  requirePermission(ctx, 'cost_estimator', action)
  return ctx
}
