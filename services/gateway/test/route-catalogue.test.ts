import { API_PREFIX, API_ROUTES } from '@plumbline/contracts/api-routes'
import { describe, expect, it } from 'vitest'
import { createRouteMatcher } from '../src/routes/match-route.js'
import { type RouteEntry, routeTable } from '../src/routes/route-table.js'

const match = createRouteMatcher(routeTable, { includeDev: false })

/** A concrete request path for a catalogue path: each `:param` becomes a sample value. */
const concrete = (path: string) => API_PREFIX + path.replace(/:(\w+)/g, (_m, name: string) => `${name}-1`)

describe("the gateway's route table and the route catalogue", () => {
  it('routes every catalogue route to its service with the access the catalogue states', () => {
    for (const route of API_ROUTES) {
      const m = match(route.method, concrete(route.path))
      expect(m, `${route.method} ${route.path} is not routed`).toBeDefined()
      expect({ service: m?.route.service, access: m?.route.access }, `${route.method} ${route.path}`).toEqual({ service: route.service, access: route.access })
    }
  })

  it('routes nothing that is missing from the catalogue', () => {
    const used = new Set<RouteEntry>()
    for (const route of API_ROUTES) {
      const m = match(route.method, concrete(route.path))
      if (m) used.add(m.route)
    }
    const unused = routeTable.filter((entry) => !entry.devOnly && !used.has(entry))
    expect(unused.map((e) => `${e.method ?? '*'} ${e.pattern}`)).toEqual([])
  })
})
