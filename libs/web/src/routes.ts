import { API_PATHS, type ApiRouteId } from '@plumbline/contracts/api-paths'
import type { adminRoutes, aiRoutes, authRoutes, documentsRoutes, estimatesRoutes, meetingsRoutes } from '@plumbline/contracts/api-routes'
import type { z } from 'zod'
import { apiRequest, type QueryParamValue } from './api'

// The one way a screen names an API route: by its catalogue id (issue 10 §2). Methods and paths
// come from the zod-free API_PATHS; reply and body types from the catalogue's schemas, imported
// as types only (erased), so no screen ships zod or the schemas for it.

export type { ApiRouteId }

const API_PREFIX = '/api'

type Route = (typeof authRoutes | typeof estimatesRoutes | typeof aiRoutes | typeof documentsRoutes | typeof adminRoutes | typeof meetingsRoutes)[number]
type RouteOf<Id extends ApiRouteId> = Extract<Route, { id: Id }>

/** `/organizations/:orgId/estimates/:id` → 'orgId' | 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The path parameters of a route, by name. */
export type ApiParams<Id extends ApiRouteId> = Record<ParamNames<(typeof API_PATHS)[Id][1]>, string>
export type ApiQuery = Record<string, QueryParamValue>
/** What a route answers: its reply schema's type; nothing for a 204; unknown when it describes none (files, plain OK). */
export type ApiReply<Id extends ApiRouteId> =
  RouteOf<Id> extends { reply: z.ZodType } ? z.infer<RouteOf<Id>['reply']> : RouteOf<Id> extends { status: 204 } ? undefined : unknown
/** What a route takes: its body schema's input type. */
export type ApiBody<Id extends ApiRouteId> = RouteOf<Id> extends { body: z.ZodType } ? z.input<RouteOf<Id>['body']> : never

/** Routes without path parameters take none; the others require every one. */
type ParamsArg<Id extends ApiRouteId> = ParamNames<(typeof API_PATHS)[Id][1]> extends never ? [params?: Record<string, never>] : [params: ApiParams<Id>]

type PathArgs = [params?: Record<string, string>, query?: ApiQuery]

const segmentsOf = (id: ApiRouteId): string[] => API_PATHS[id][1].split('/').slice(1)

/** A URL needs every parameter; a key may hold '' (the key of a query disabled until it is known). */
function paramOf(id: ApiRouteId, params: Record<string, string> | undefined, name: string, emptyAllowed = false): string {
  const value = params?.[name]
  if (value === undefined || (value === '' && !emptyAllowed)) throw new Error(`${id}: path parameter "${name}" is missing`)
  return value
}

/** `query`'s non-empty values as a query string (arrays repeat the name), '' when none. */
function queryString(query: ApiQuery | undefined): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== null && v !== undefined && v !== '') search.append(key, String(v))
  }
  const qs = search.toString()
  return qs ? `?${qs}` : ''
}

/** The URL of a route: /api, its path with the parameters filled in (encoded), then the query's non-empty values. */
export function apiPath<Id extends ApiRouteId>(id: Id, ...args: [...ParamsArg<Id>, query?: ApiQuery]): string {
  const [params, query] = args as unknown as PathArgs
  const filled = segmentsOf(id).map((s) => (s.startsWith(':') ? encodeURIComponent(paramOf(id, params, s.slice(1))) : s))
  return `${API_PREFIX}/${filled.join('/')}${queryString(query)}`
}

/** A route's path segments before its first parameter, and from it on. */
function splitAtFirstParam(id: ApiRouteId): [head: string[], tail: string[]] {
  const segments = segmentsOf(id)
  const first = segments.findIndex((s) => s.startsWith(':'))
  return first === -1 ? [segments, []] : [segments.slice(0, first), segments.slice(first)]
}

/** The key every query of a route starts with, whatever its parameters: its path up to the first one. */
export const apiKeyPrefix = (id: ApiRouteId): unknown[] => [`${API_PREFIX}/${splitAtFirstParam(id)[0].join('/')}`]

/**
 * A route's query key, in the shape the cache has always used: the path up to the first parameter
 * as one segment with /api, then each parameter and each later part on its own, then the query as
 * an object. '/organizations/:orgId/estimates/:id/phases' → ['/api/organizations', orgId,
 * 'estimates', id, 'phases'], so a shorter key of the same route family is a prefix that
 * invalidates it, and the default query function builds the URL back from it.
 */
export function apiKey<Id extends ApiRouteId>(id: Id, ...args: [...ParamsArg<Id>, query?: ApiQuery]): unknown[] {
  const [params, query] = args as unknown as PathArgs
  const rest = splitAtFirstParam(id)[1].map((s) => (s.startsWith(':') ? paramOf(id, params, s.slice(1), true) : s))
  return [...apiKeyPrefix(id), ...rest, ...(query ? [query] : [])]
}

/** The key every query of one organisation starts with: invalidating it refreshes all of them. */
export const organizationKey = (orgId: string): unknown[] => [`${API_PREFIX}/organizations`, orgId]

export type CallOptions<Id extends ApiRouteId> = {
  query?: ApiQuery
  body?: ApiBody<Id>
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>
} & (ParamNames<(typeof API_PATHS)[Id][1]> extends never ? { params?: Record<string, never> } : { params: ApiParams<Id> })

/** Options may be left out when the route has no path parameters. */
type OptionsArg<Id extends ApiRouteId> = ParamNames<(typeof API_PATHS)[Id][1]> extends never ? [options?: CallOptions<Id>] : [options: CallOptions<Id>]

/**
 * Calls a route through apiRequest (cookies, CSRF header, ApiError on a non-OK answer) and
 * answers its JSON reply, typed by the catalogue (not parsed: the service already did), or
 * undefined for a 204 or an empty answer.
 */
export async function callApi<Id extends ApiRouteId>(id: Id, ...[options]: OptionsArg<Id>): Promise<ApiReply<Id>> {
  const { params, query, body, headers } = (options ?? {}) as CallOptions<ApiRouteId>
  const res = await apiRequest(API_PATHS[id][0], apiPath<ApiRouteId>(id, params as never, query), body, headers)
  // Some routes describe no reply and answer an empty 200: nothing to parse.
  const text = res.status === 204 ? '' : await res.text()
  return (text ? JSON.parse(text) : undefined) as ApiReply<Id>
}
