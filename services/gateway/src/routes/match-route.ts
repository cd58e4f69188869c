import type { RouteEntry } from './route-table.js'

export type RouteMatch = { route: RouteEntry; params: Record<string, string> }
export type RouteMatcher = (method: string, pathname: string) => RouteMatch | undefined

/** A route's pattern split once: the literal segments it must see and the parameters it captures, by position. */
type Compiled = { route: RouteEntry; length: number; openEnded: boolean; literals: [number, string][]; params: [number, string][] }

function compile(route: RouteEntry): Compiled {
  const openEnded = route.pattern.endsWith('/*')
  const body = openEnded ? route.pattern.slice(0, -2) : route.pattern
  const segments = body
    .split('/')
    .slice(1)
    .map((segment, i) => [i, segment] as [number, string])
  return {
    route,
    length: segments.length,
    openEnded,
    literals: segments.filter(([, s]) => !s.startsWith(':')),
    params: segments.filter(([, s]) => s.startsWith(':')).map(([i, s]) => [i, s.slice(1)]),
  }
}

/**
 * Paths that could mean something else once an upstream or a proxy normalises them (dot
 * segments, empty segments, encoded slashes) never match: the tenancy check must see exactly
 * the segments the service will route on.
 */
function safeSegments(pathname: string): string[] | undefined {
  if (!pathname.startsWith('/') || /%2f|%5c|\\/i.test(pathname)) return undefined
  const segments = pathname.split('/').slice(1)
  if (segments.length > 1 && segments.at(-1) === '') segments.pop() // tolerate one trailing slash
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined
  return segments
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/** Literals first: most candidates differ in one, and a parameter is decoded only for the route that fits. */
function matchOne(c: Compiled, segments: string[]): Record<string, string> | undefined {
  for (const [i, want] of c.literals) if (segments[i] !== want) return undefined
  const params: Record<string, string> = {}
  for (const [i, name] of c.params) {
    const value = decode(segments[i])
    if (value === undefined) return undefined
    params[name] = value
  }
  return params
}

const fitsLength = (c: Compiled, length: number) => (c.openEnded ? length >= c.length : length === c.length)
/** Paths longer than this are rare (and may be made up): their candidates are found anew each time. */
const MAX_INDEXED_LENGTH = 32

/** HEAD is served by GET routes, as HTTP says. */
const methodFits = (route: RouteEntry, method: string) => !route.method || route.method === method || (method === 'HEAD' && route.method === 'GET')

/**
 * The first route of the table (in its order) that fits the method and path. Routes are indexed by
 * the number of segments a path must have to fit them, so a request tries only the routes its
 * length can fit, and rejects each on its literals before decoding anything (matching showed as
 * 3 % of the gateway's CPU in a profile).
 */
export function createRouteMatcher(table: readonly RouteEntry[], opts: { includeDev: boolean }): RouteMatcher {
  const compiled = table.filter((r) => opts.includeDev || !r.devOnly).map(compile)
  const byLength = new Map<number, Compiled[]>()
  const candidates = (length: number) => {
    const known = byLength.get(length)
    if (known) return known
    const fitting = compiled.filter((c) => fitsLength(c, length))
    if (length <= MAX_INDEXED_LENGTH) byLength.set(length, fitting)
    return fitting
  }
  return (method, pathname) => {
    const segments = safeSegments(pathname)
    if (!segments) return undefined
    for (const c of candidates(segments.length)) {
      if (!methodFits(c.route, method)) continue
      const params = matchOne(c, segments)
      if (params) return { route: c.route, params }
    }
    return undefined
  }
}
