import { assertRouteMatrix, fillPath, forMethods, type MatrixRequest, type OrgRouteSpec } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeTable } from '../src/routes/route-table.js'
import { type GatewayHarness, membership, startGateway, type TestUser } from './support/gateway-harness.js'

let gw: GatewayHarness
let otherOrgMember: TestUser
let victimMember: TestUser
const params = { orgId: 'victim-org', id: 'victim-object', resource: 'estimates', type: 'scope_of_work' }

beforeAll(async () => {
  gw = await startGateway()
  otherOrgMember = await gw.signIn({ memberships: [membership('attacker-org')] })
  victimMember = await gw.signIn({ memberships: [membership('victim-org')] })
})
afterAll(() => gw.close())

/**
 * Every tenant-scoped entry of the route table as a concrete template: `/*` becomes the base
 * path plus one deeper path, `:orgId` in the path or in the organisation query parameter.
 */
function orgScopedRoutes(): OrgRouteSpec[] {
  const templates = new Set<string>()
  for (const route of routeTable) {
    // Public routes are not tenant-scoped on purpose (the share page's company logo by orgId).
    if (route.access === 'public') continue
    const scopedByPath = route.pattern.includes('/:orgId')
    if (!scopedByPath && !route.orgQuery) continue
    const query = scopedByPath ? '' : `?${route.orgQuery}=:orgId`
    if (route.pattern.endsWith('/*')) {
      const base = route.pattern.slice(0, -2)
      templates.add(`${base}${query}`)
      templates.add(`${base}/:id/child${query}`)
    } else templates.add(`${route.pattern}${query}`)
  }
  return [...templates].flatMap((path) => forMethods(path))
}

const send = (user: TestUser, { method, path, body }: MatrixRequest) =>
  gw.api(path, { method, user, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json' } })

describe('cross-tenant route matrix', () => {
  it('covers every org-scoped route, each of which forwards a member of the organisation (control)', async () => {
    const routes = orgScopedRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(5 * 20)
    for (const route of routes) {
      const before = gw.forwardedCount()
      const request = { method: route.method, path: fillPath(route.path, params), body: route.method === 'GET' ? undefined : {} }
      expect((await send(victimMember, request)).status, `${route.method} ${request.path}`).toBe(200)
      expect(gw.forwardedCount()).toBe(before + 1)
    }
  })

  it('answers 404 to a member of another organisation on every org-scoped route and forwards nothing', async () => {
    const routes = orgScopedRoutes()
    await assertRouteMatrix({
      routes,
      params,
      asOtherOrgMember: async (request) => ({ status: (await send(otherOrgMember, request)).status }),
      snapshot: () => gw.forwardedCount(),
    })
  })
})
