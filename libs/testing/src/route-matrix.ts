import { isDeepStrictEqual } from 'node:util'

/**
 * The cross-tenant route matrix (DESIGN §3): for every org-scoped route, a signed-in member of
 * ANOTHER organisation must get 404 (never 403, never data) and nothing may change. The gateway
 * uses it against its route table; each service extends the list with its own routes and a
 * snapshot of its tables, so a new route cannot ship without a tenancy check.
 */

export type MatrixMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type OrgRouteSpec = {
  method: MatrixMethod
  /** Path template: `:orgId` and other `:params` (also allowed in the query string). */
  path: string
  /** Sent as JSON on writes; `{}` when omitted. */
  body?: unknown
  /** Status the other-org member must get; 404 unless a route has a documented reason. */
  expectStatus?: number
}

export type MatrixRequest = { method: MatrixMethod; path: string; body?: unknown }
export type MatrixResponse = { status: number; body?: unknown }

export type RouteMatrixOptions<S> = {
  routes: OrgRouteSpec[]
  /** Values for the templates: the VICTIM organisation's id and ids of objects inside it. */
  params: Record<string, string>
  /** Value for any other `:param` not in `params`. */
  fallbackParam?: string
  /** Performs one request as a signed-in member of a different organisation. */
  asOtherOrgMember: (request: MatrixRequest) => Promise<MatrixResponse>
  /** State that must not change (rows of the victim org, requests an upstream saw, …). */
  snapshot: () => Promise<S> | S
}

export type MatrixFailure = { method: MatrixMethod; path: string; problem: string }

const WRITES = new Set<MatrixMethod>(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Replaces every `:name` (in path and query) with its URL-encoded value. */
export function fillPath(template: string, params: Record<string, string>, fallback = '00000000-0000-4000-8000-000000000000'): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => encodeURIComponent(params[name] ?? fallback))
}

/** Runs the whole matrix and returns every violation (empty = tenant-safe). */
export async function runRouteMatrix<S>(opts: RouteMatrixOptions<S>): Promise<MatrixFailure[]> {
  if (!opts.params.orgId) throw new Error('runRouteMatrix: params.orgId (the victim organisation) is required')
  const failures: MatrixFailure[] = []
  for (const route of opts.routes) {
    const path = fillPath(route.path, opts.params, opts.fallbackParam)
    const before = await opts.snapshot()
    const request: MatrixRequest = { method: route.method, path, ...(WRITES.has(route.method) ? { body: route.body ?? {} } : {}) }
    const expected = route.expectStatus ?? 404
    let response: MatrixResponse
    try {
      response = await opts.asOtherOrgMember(request)
    } catch (err) {
      failures.push({ method: route.method, path, problem: `request failed: ${(err as Error).message}` })
      continue
    }
    if (response.status !== expected) failures.push({ method: route.method, path, problem: `status ${response.status}, expected ${expected}` })
    const after = await opts.snapshot()
    if (!isDeepStrictEqual(before, after)) failures.push({ method: route.method, path, problem: 'state changed' })
  }
  return failures
}

/** Throws one error listing every violation, so a test report shows them all at once. */
export async function assertRouteMatrix<S>(opts: RouteMatrixOptions<S>): Promise<void> {
  const failures = await runRouteMatrix(opts)
  if (failures.length) {
    const lines = failures.map((f) => `  ${f.method} ${f.path}: ${f.problem}`)
    throw new Error(`Cross-tenant route matrix: ${failures.length} violation(s) of ${opts.routes.length} route(s)\n${lines.join('\n')}`)
  }
}

/** Expands one template to a spec per method, for routes that accept several. */
export const forMethods = (path: string, methods: MatrixMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']): OrgRouteSpec[] =>
  methods.map((method) => ({ method, path }))
