import { seededRandom } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { upstreamPath } from '../src/proxy/upstreams.js'
import { createRouteMatcher } from '../src/routes/match-route.js'
import { routeTable } from '../src/routes/route-table.js'

const match = createRouteMatcher(routeTable, { includeDev: true })
const prodMatch = createRouteMatcher(routeTable, { includeDev: false })
const routeOf = (method: string, path: string) => {
  const m = match(method, path)
  return m && { service: m.route.service, access: m.route.access, params: m.params }
}

describe('route table', () => {
  it.each([
    ['POST', '/api/login', 'auth', 'public'],
    ['GET', '/api/login', 'auth', 'public'],
    ['POST', '/api/register', 'auth', 'public'],
    ['POST', '/api/verify-email', 'auth', 'public'],
    ['POST', '/api/resend-verification', 'auth', 'public'],
    ['POST', '/api/logout', 'auth', 'public'],
    ['POST', '/api/request-password-reset', 'auth', 'public'],
    ['POST', '/api/reset-password', 'auth', 'public'],
    ['POST', '/api/reset-temporary-password', 'auth', 'user'],
    ['GET', '/api/user', 'auth', 'user'],
    ['GET', '/api/auth/user', 'auth', 'user'],
    ['GET', '/api/user/organizations', 'auth', 'user'],
    ['GET', '/api/organizations/o1/roles', 'auth', 'org'],
    ['PUT', '/api/organizations/o1/roles/r1/permissions', 'auth', 'org'],
    ['GET', '/api/organizations/o1/usage', 'admin', 'org'],
    ['GET', '/api/dashboard/metrics', 'admin', 'org'],
    ['PUT', '/api/organizations/o1/company-settings', 'admin', 'org'],
    ['GET', '/api/organizations/o1/activities', 'admin', 'org'],
    ['GET', '/api/admin/check', 'auth', 'admin'],
    ['GET', '/api/admin/users', 'auth', 'admin'],
    ['POST', '/api/admin/users/create', 'auth', 'admin'],
    ['PUT', '/api/admin/users/u1/membership', 'auth', 'admin'],
    ['DELETE', '/api/admin/users/u1', 'auth', 'admin'],
    ['GET', '/api/admin/organizations', 'auth', 'admin'],
    ['GET', '/api/admin/subscription-overrides', 'admin', 'admin'],
    ['DELETE', '/api/admin/subscription-overrides/o9', 'admin', 'admin'],
    ['GET', '/api/admin/audit', 'admin', 'admin'],
    ['PUT', '/api/admin/subscription-overrides/o9', 'admin', 'admin'],
    ['GET', '/api/health/detailed', 'admin', 'admin'],
    ['POST', '/api/organizations/o1/company-settings/logo', 'documents', 'org'],
    ['GET', '/api/organizations/o1/company-settings/logo/view', 'documents', 'org'],
    ['POST', '/api/organizations/o1/estimates/e1/generate-pdf', 'documents', 'org'],
    ['GET', '/api/documents/d1/download', 'documents', 'user'],
    ['POST', '/api/ai/generate-content', 'ai', 'user'],
    ['GET', '/api/organizations/o1/jobs/j1/status', 'ai', 'org'],
    ['POST', '/api/organizations/o1/estimates/e1/generate-all-content', 'ai', 'org'],
    ['POST', '/api/organizations/o1/estimates/e1/generate-content/scope_of_work', 'ai', 'org'],
    ['POST', '/api/organizations/o1/estimates/e1/content-sections/timeline/chat', 'ai', 'org'],
    ['POST', '/api/organizations/o1/meetings', 'meetings', 'org'],
    ['POST', '/api/organizations/o1/meetings/m1/transcribe', 'meetings', 'org'],
    ['POST', '/api/organizations/o1/tasks/t1/toggle', 'meetings', 'org'],
    ['GET', '/api/organizations/o1/estimates', 'estimates', 'org'],
    ['PATCH', '/api/organizations/o1/estimates/e1/content/scope', 'estimates', 'org'],
    ['POST', '/api/organizations/o1/estimates/e1/share', 'estimates', 'org'],
    ['PUT', '/api/organizations/o1/sections/s1', 'estimates', 'org'],
    ['PATCH', '/api/organizations/o1/sections/s1/line-items/reorder', 'estimates', 'org'],
    ['DELETE', '/api/organizations/o1/line-items/i1', 'estimates', 'org'],
    ['GET', '/api/organizations/o1/markup-profiles', 'estimates', 'org'],
    ['GET', '/api/organizations/o1/taxes', 'estimates', 'org'],
    ['POST', '/api/organizations/o1/project-types/p1/phase-groups/g1/link', 'estimates', 'org'],
    ['GET', '/api/organizations/o1/phase-groups/g1/phases', 'estimates', 'org'],
    ['PUT', '/api/organizations/o1/phases/p1', 'estimates', 'org'],
    ['GET', '/api/organizations/o1/templates', 'estimates', 'org'],
    ['GET', '/api/public/estimates/tok123', 'estimates', 'public'],
    ['POST', '/api/public/estimates/tok123/approve', 'estimates', 'public'],
    ['POST', '/api/public/estimates/tok123/reject', 'estimates', 'public'],
    ['GET', '/api/public/estimates/tok123/comments', 'estimates', 'public'],
    ['POST', '/api/public/estimates/tok123/comments', 'estimates', 'public'],
    ['GET', '/api/organizations/o1/estimates/e1/comments', 'estimates', 'org'],
    ['GET', '/api/organizations/o1/estimates/e1/revisions', 'estimates', 'org'],
    ['GET', '/api/organizations/o1/estimates/e1/revisions/diff', 'estimates', 'org'],
    ['POST', '/api/external/enhanced-property-data', 'estimates', 'user'],
    ['GET', '/__dev/mail', 'auth', 'public'],
    ['GET', '/__dev/mailbox/latest', 'auth', 'public'],
  ])('%s %s → %s (%s)', (method, path, service, access) => {
    expect(routeOf(method, path)).toMatchObject({ service, access })
  })

  it('captures the organisation id from the path', () => {
    expect(routeOf('GET', '/api/organizations/org%201/estimates/e1')?.params).toMatchObject({ orgId: 'org 1' })
  })

  it.each([
    '/api/nope',
    '/api',
    '/api/organizations/o1',
    '/api/organizations',
    '/api/organizations/o1/../o2/estimates',
    '/api/organizations/o1//estimates',
    '/api/organizations/o1%2Fx/estimates',
    '/api/public/estimates',
  ])('does not route %s', (path) => {
    expect(match('GET', path)).toBeUndefined()
  })

  it('serves HEAD from GET routes and keeps GET /api/login unlimited', () => {
    expect(match('HEAD', '/api/login')?.route.method).toBe('GET')
    expect(match('GET', '/api/login')?.route.rateLimit).toBeUndefined()
    expect(match('POST', '/api/login')?.route.rateLimit?.policy).toBe('login')
  })

  it('rate-limits the public estimate page, the client decisions and change requests on it', () => {
    for (const [method, path] of [
      ['GET', '/api/public/estimates/tok123'],
      ['POST', '/api/public/estimates/tok123/approve'],
      ['POST', '/api/public/estimates/tok123/reject'],
      ['GET', '/api/public/estimates/tok123/comments'],
      ['POST', '/api/public/estimates/tok123/comments'],
    ]) {
      expect(match(method, path)?.route.rateLimit, `${method} ${path}`).toEqual({ policy: 'public-estimate', bucket: 'public-estimate' })
    }
  })

  it('leaves the development mail sink out of production', () => {
    expect(prodMatch('GET', '/__dev/mail')).toBeUndefined()
  })

  it('strips /api from the upstream path and keeps the query', () => {
    expect(upstreamPath('/api/organizations/o1/estimates?page=2&search=a%20b')).toBe('/organizations/o1/estimates?page=2&search=a%20b')
    expect(upstreamPath('/api?x=1')).toBe('/?x=1')
    expect(upstreamPath('/__dev/mail')).toBe('/__dev/mail')
    expect(upstreamPath('/apix/y')).toBe('/apix/y')
  })

  it('answers exactly as a plain first-match scan of the table does, for paths of every length and shape', () => {
    const random = seededRandom(20261128)
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T
    const filled = (pattern: string) =>
      pattern
        .replace(/\/\*$/, pick(['', '/x', '/x/y/z']))
        .split('/')
        .map((s) => (s.startsWith(':') ? pick(['o1', 'a%20b', '%E0%A4%A', 'tok-123', 'estimates']) : s))
        .join('/')
    const paths = routeTable.flatMap((r) => [
      filled(r.pattern),
      filled(r.pattern),
      `${filled(r.pattern)}/extra`,
      filled(r.pattern).split('/').slice(0, -1).join('/'),
    ])
    paths.push('/api', '/api/', '/api/organizations', '/api/organizations/o1/', `/api${'/a'.repeat(40)}`)
    for (const path of paths) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        expect(match(method, path), `${method} ${path}`).toEqual(firstMatchScan(method, path))
      }
    }
  })
})

/** The specification the indexed matcher must equal: every route in table order, segment by segment. */
function firstMatchScan(method: string, pathname: string) {
  if (/%2f|%5c|\\/i.test(pathname)) return undefined
  const segments = pathname.split('/').slice(1)
  if (segments.length > 1 && segments.at(-1) === '') segments.pop()
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined
  for (const route of routeTable) {
    if (route.method && route.method !== method && !(method === 'HEAD' && route.method === 'GET')) continue
    const openEnded = route.pattern.endsWith('/*')
    const want = (openEnded ? route.pattern.slice(0, -2) : route.pattern).split('/').slice(1)
    if (openEnded ? segments.length < want.length : segments.length !== want.length) continue
    const params: Record<string, string> = {}
    const fits = want.every((w, i) => {
      if (!w.startsWith(':')) return w === segments[i]
      try {
        params[w.slice(1)] = decodeURIComponent(segments[i])
        return true
      } catch {
        return false
      }
    })
    if (fits) return { route, params }
  }
  return undefined
}
