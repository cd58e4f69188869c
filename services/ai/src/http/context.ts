import type { Request, Response } from 'express'
import type { PermissionAction } from '@plumbline/contracts'
import { notFound, orgContextOf, requirePermission } from '@plumbline/service-kit'
import { isUuid } from '../data/db.js'
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

/** A UUID path parameter; anything else names nothing, so it is a 404 like a missing row. */
export function uuidParam(req: Request, name: string, what: string): string {
  const value = req.params[name]
  if (!isUuid(value)) throw notFound(what)
  return value.toLowerCase()
}
