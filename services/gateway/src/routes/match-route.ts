import type { RouteEntry } from './route-table.js'

export type RouteMatch = { route: RouteEntry; params: Record<string, string> }
export type RouteMatcher = (method: string, pathname: string) => RouteMatch | undefined

type Compiled = { route: RouteEntry; segments: string[]; openEnded: boolean }

function compile(route: RouteEntry): Compiled {
  const openEnded = route.pattern.endsWith('/*')
  const body = openEnded ? route.pattern.slice(0, -2) : route.pattern
  return { route, segments: body.split('/').slice(1), openEnded }
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

function matchOne(c: Compiled, segments: string[]): Record<string, string> | undefined {
  if (segments.length < c.segments.length || (!c.openEnded && segments.length !== c.segments.length)) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < c.segments.length; i++) {
    const want = c.segments[i]
    if (want.startsWith(':')) {
      const value = decode(segments[i])
      if (value === undefined) return undefined
      params[want.slice(1)] = value
    } else if (want !== segments[i]) return undefined
  }
  return params
}

/** HEAD is served by GET routes, as HTTP says. */
const methodFits = (route: RouteEntry, method: string) => !route.method || route.method === method || (method === 'HEAD' && route.method === 'GET')

export function createRouteMatcher(table: readonly RouteEntry[], opts: { includeDev: boolean }): RouteMatcher {
  const compiled = table.filter((r) => opts.includeDev || !r.devOnly).map(compile)
  return (method, pathname) => {
    const segments = safeSegments(pathname)
    if (!segments) return undefined
    for (const c of compiled) {
      if (!methodFits(c.route, method)) continue
      const params = matchOne(c, segments)
      if (params) return { route: c.route, params }
    }
    return undefined
  }
}
