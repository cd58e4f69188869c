import type * as apiPaths from '@plumbline/contracts/api-paths'
import type { adminRoutes, aiRoutes, authRoutes, documentsRoutes, estimatesRoutes, meetingsRoutes } from '@plumbline/contracts/api-routes'
import type { z } from 'zod'
import { apiRequest, appendQuery, type QueryParamValue } from './api'

// The one way a screen names an API route: by its catalogue id, as exported by the
// zod-free @plumbline/contracts/api-paths (`import * as api`, then `callApi(api.getTasks, …)`),
// so each build carries only the routes its screens name. Reply and body types come from the
// catalogue's schemas, imported as types only (erased): no screen ships zod or the schemas.

/** A route as api-paths exports it, and only those: its method and its path (`:name` for a parameter). */
export type ApiRouteRef = (typeof apiPaths)[keyof typeof apiPaths]

const API_PREFIX = '/api'

type Route = (typeof authRoutes | typeof estimatesRoutes | typeof aiRoutes | typeof documentsRoutes | typeof adminRoutes | typeof meetingsRoutes)[number]
type RouteOf<R extends ApiRouteRef> = Extract<Route, { method: R[0]; path: R[1] }>

/** `/organizations/:orgId/estimates/:id` → 'orgId' | 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The path parameters of a route, by name. */
export type ApiParams<R extends ApiRouteRef> = Record<ParamNames<R[1]>, string>
export type ApiQuery = Record<string, QueryParamValue>
/** What a route answers: its reply schema's type; nothing for a 204; unknown when it describes none (files, plain OK). */
export type ApiReply<R extends ApiRouteRef> =
  RouteOf<R> extends { reply: z.ZodType } ? z.infer<RouteOf<R>['reply']> : RouteOf<R> extends { status: 204 } ? undefined : unknown
/** What a route takes: its body schema's input type. */
export type ApiBody<R extends ApiRouteRef> = RouteOf<R> extends { body: z.ZodType } ? z.input<RouteOf<R>['body']> : never

/** Routes without path parameters take none; the others require every one. */
type ParamsArg<R extends ApiRouteRef> = ParamNames<R[1]> extends never ? [params?: Record<string, never>] : [params: ApiParams<R>]

type PathArgs = [params?: Record<string, string>, query?: ApiQuery]

const segmentsOf = (route: ApiRouteRef): string[] => route[1].split('/').slice(1)

/** A URL needs every parameter; a key may hold '' (the key of a query disabled until it is known). */
function paramOf(route: ApiRouteRef, params: Record<string, string> | undefined, name: string, emptyAllowed = false): string {
  const value = params?.[name]
  if (value === undefined || (value === '' && !emptyAllowed)) throw new Error(`${route[1]}: path parameter "${name}" is missing`)
  return value
}

/** `query`'s non-empty values as a query string (arrays repeat the name), '' when none. */
function queryString(query: ApiQuery | undefined): string {
  const search = new URLSearchParams()
  appendQuery(search, query ?? {})
  const qs = search.toString()
  return qs ? `?${qs}` : ''
}

/** The URL of a route: /api, its path with the parameters filled in (encoded), then the query's non-empty values. */
export function apiPath<R extends ApiRouteRef>(route: R, ...args: [...ParamsArg<R>, query?: ApiQuery]): string {
  const [params, query] = args as unknown as PathArgs
  const filled = segmentsOf(route).map((s) => (s.startsWith(':') ? encodeURIComponent(paramOf(route, params, s.slice(1))) : s))
  return `${API_PREFIX}/${filled.join('/')}${queryString(query)}`
}

/** A route's path segments before its first parameter, and from it on. */
function splitAtFirstParam(route: ApiRouteRef): [head: string[], tail: string[]] {
  const segments = segmentsOf(route)
  const first = segments.findIndex((s) => s.startsWith(':'))
  return first === -1 ? [segments, []] : [segments.slice(0, first), segments.slice(first)]
}

/** The key every query of a route starts with, whatever its parameters: its path up to the first one. */
export const apiKeyPrefix = (route: ApiRouteRef): unknown[] => [`${API_PREFIX}/${splitAtFirstParam(route)[0].join('/')}`]

/**
 * A route's query key, in the shape the cache has always used: the path up to the first parameter
 * as one segment with /api, then each parameter and each later part on its own, then the query as
 * an object. '/organizations/:orgId/estimates/:id/phases' → ['/api/organizations', orgId,
 * 'estimates', id, 'phases'], so a shorter key of the same route family is a prefix that
 * invalidates it, and the default query function builds the URL back from it.
 */
export function apiKey<R extends ApiRouteRef>(route: R, ...args: [...ParamsArg<R>, query?: ApiQuery]): unknown[] {
  const [params, query] = args as unknown as PathArgs
  const rest = splitAtFirstParam(route)[1].map((s) => (s.startsWith(':') ? paramOf(route, params, s.slice(1), true) : s))
  return [...apiKeyPrefix(route), ...rest, ...(query ? [query] : [])]
}

/** The key every query of one organisation starts with: invalidating it refreshes all of them. */
export const organizationKey = (orgId: string): unknown[] => [`${API_PREFIX}/organizations`, orgId]

export type CallOptions<R extends ApiRouteRef> = {
  query?: ApiQuery
  body?: ApiBody<R>
  /** Extra request headers (e.g. Idempotency-Key, or Accept: text/csv with `raw`). */
  headers?: Record<string, string>
  /** Cancels the request (react-query's signal, a dialog that closed). */
  signal?: AbortSignal
  /** Answer the Response itself (a file, a CSV, a header to read) instead of its parsed JSON. */
  raw?: boolean
} & (ParamNames<R[1]> extends never ? { params?: Record<string, never> } : { params: ApiParams<R> })

/** Options may be left out when the route has no path parameters. */
type OptionsArg<R extends ApiRouteRef> =
  ParamNames<R[1]> extends never ? [options?: CallOptions<R> & { raw?: false }] : [options: CallOptions<R> & { raw?: false }]

/**
 * Calls a route through apiRequest (cookies, CSRF header, ApiError on a non-OK answer) and
 * answers its JSON reply, typed by the catalogue (not parsed: the service already did), or
 * undefined for a 204 or an empty answer. With `raw: true` it answers the (OK) Response unread.
 */
export async function callApi<R extends ApiRouteRef>(route: R, options: CallOptions<R> & { raw: true }): Promise<Response>
export async function callApi<R extends ApiRouteRef>(route: R, ...[options]: OptionsArg<R>): Promise<ApiReply<R>>
export async function callApi<R extends ApiRouteRef>(route: R, options?: CallOptions<R>): Promise<ApiReply<R> | Response> {
  const { params, query, body, headers, signal, raw } = (options ?? {}) as CallOptions<ApiRouteRef>
  const res = await apiRequest(route[0], apiPath<ApiRouteRef>(route, params as never, query), body, headers, signal)
  if (raw) return res
  // Some routes describe no reply and answer an empty 200: nothing to parse.
  const text = res.status === 204 ? '' : await res.text()
  return (text ? JSON.parse(text) : undefined) as ApiReply<R>
}
