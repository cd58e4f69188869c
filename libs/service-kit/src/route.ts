import { ErrorCode, isPlatformAdmin } from '@plumbline/contracts'
import type { ApiRoute } from '@plumbline/contracts/api-routes'
import express, { type Request, type Response, type Router } from 'express'
import type { z } from 'zod'
import { AppError } from './errors.js'
import { contextOf, type OrgContext, orgContextOf, type RequestContext, requirePermission } from './identity.js'
import { parseBody, parseQuery } from './validate.js'

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined
type Locals = { locals: Record<string, unknown> }

/** Who calls: a member of an organisation on org-scoped or permissioned routes, anyone on public ones. */
export type CallerOf<R extends ApiRoute> = R extends { access: 'org' } | { permission: object }
  ? OrgContext
  : R extends { access: 'public' }
    ? RequestContext | undefined
    : RequestContext

/** `/organizations/:orgId/estimates/:id` → 'orgId' | 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type RouteInput<R extends ApiRoute> = {
  ctx: CallerOf<R>
  query: Parsed<R['query']>
  body: Parsed<R['body']>
  req: Request<Record<ParamNames<R['path']>, string>>
  res: Response
}

/**
 * A catalogue route's handler returns the reply, which is sent with the route's status (typed by
 * its `reply` schema, never parsed at run time: that would cost on every call). It returns nothing
 * when the route answers 204, or when it answered itself through `res` (files, streams, a status
 * decided at run time).
 */
export type RouteHandler<R extends ApiRoute> = (input: RouteInput<R>) => Promise<ReplyOf<R>> | Promise<void> | ReplyOf<R> | void

/** What a route answers: its `reply` schema's type; routes that describe no reply (files, redirects) send what they send. */
type ReplyOf<R extends ApiRoute> = R['reply'] extends z.ZodType ? z.infer<R['reply']> : unknown

/** A stricter body than the contract's, for checks only the service can make (e.g. common passwords). */
export type RouteOptions<R extends ApiRoute> = { body?: z.ZodType<Parsed<R['body']>> }

/** The organisation an org-scoped route acts in: the path's `:orgId`, else the query's or body's `organizationId`. */
const organizationIdOf = (input: unknown): unknown => (input && typeof input === 'object' ? (input as { organizationId?: unknown }).organizationId : undefined)

function callerOf(route: ApiRoute, res: Locals): RequestContext | undefined {
  if (route.access === 'public') return res.locals.ctx as RequestContext | undefined
  const ctx = contextOf(res)
  if (route.access === 'admin' && !isPlatformAdmin(ctx.systemRole)) throw new AppError(403, ErrorCode.FORBIDDEN, 'Admin access required')
  return ctx
}

function scopedTo(route: ApiRoute, res: Locals, orgId: unknown): OrgContext {
  const ctx = orgContextOf(res, orgId)
  if (route.permission) requirePermission(ctx, route.permission.module, route.permission.action)
  return ctx
}

/**
 * Registers one catalogue route on `router`: method and path from the entry; the caller checked
 * by its `access` and `permission` (401, 403, another organisation 404) before the query and body
 * are parsed with its schemas (400 naming the field); then the handler.
 */
function mountRoute<R extends ApiRoute>(router: Router, route: R, handler: RouteHandler<R>, options: RouteOptions<R> = {}): void {
  const scoped = route.access === 'org' || route.permission !== undefined
  const orgInPath = route.path.split('/').includes(':orgId')
  const bodySchema = options.body ?? route.body
  const status = route.status ?? 200
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
  router[method](route.path, async (req, res) => {
    let ctx = callerOf(route, res)
    if (scoped && orgInPath) ctx = scopedTo(route, res, req.params.orgId)
    const query = route.query ? parseQuery(route.query, req) : undefined
    const body = bodySchema ? parseBody(bodySchema, req) : undefined
    if (scoped && !orgInPath) ctx = scopedTo(route, res, organizationIdOf(query) ?? organizationIdOf(body))
    const reply = await handler({ ctx, query, body, req, res } as RouteInput<R>)
    if (reply !== undefined) res.status(status).json(reply)
    else if (status === 204) res.status(204).end()
  })
}

type Id<Rs extends readonly ApiRoute[]> = Rs[number]['id']
type RouteById<Rs extends readonly ApiRoute[], I> = Extract<Rs[number], { id: I }>

/**
 * A router for one service's catalogue entries, mounted by id:
 * `catalogueRouter(documentsRoutes).on('getPublicLogosById', handler)`. Routes register in the
 * order of the `on` calls (a literal path before a parameter one, as express needs).
 */
export function catalogueRouter<const Rs extends readonly ApiRoute[]>(routes: Rs) {
  const router = express.Router()
  const api = {
    router,
    on<I extends Id<Rs>>(id: I, handler: RouteHandler<RouteById<Rs, I>>, options?: RouteOptions<RouteById<Rs, I>>) {
      const route = routes.find((r) => r.id === id) as RouteById<Rs, I> | undefined
      if (!route) throw new Error(`No catalogue route ${id}`)
      mountRoute(router, route, handler, options)
      return api
    },
  }
  return api
}
