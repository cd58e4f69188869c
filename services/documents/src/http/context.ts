import type { Request, Response } from 'express'
import type { PermissionAction, PermissionModule } from '@plumbline/contracts'
import { notFound, orgContextOf, requirePermission, type RequestContext } from '@plumbline/service-kit'
import { isUuid } from '../data/db.js'

export type OrgContext = RequestContext & { orgId: string }

/**
 * The caller's context on an org-scoped route: the token's organisation must be the path's
 * (else 404), and the role must allow `action` in `module` (else 403).
 */
export function orgCtx(req: Request, res: Response, module: PermissionModule, action: PermissionAction): OrgContext {
  const orgId = typeof req.params.orgId === 'string' ? req.params.orgId : ''
  const ctx = orgContextOf(res, orgId)
  requirePermission(ctx, module, action)
  return ctx
}

/** A UUID path parameter; anything else names nothing, so it is a 404 like a missing row. */
export function uuidParam(req: Request, name: string, what: string): string {
  const value = req.params[name]
  if (!isUuid(value)) throw notFound(what)
  return value.toLowerCase()
}
