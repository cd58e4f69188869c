import { catalogueRoutes, depsStandIn, registeredRoutes } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { type AiDeps, aiServiceRoutes } from '../../src/app.js'

describe('the ai routers and the route catalogue', () => {
  it('register exactly the catalogue routes of the ai service', () => {
    expect(registeredRoutes((app) => aiServiceRoutes(depsStandIn<AiDeps>())(app))).toEqual(catalogueRoutes('ai'))
  })
})
