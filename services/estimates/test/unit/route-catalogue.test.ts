import { catalogueRoutes, depsStandIn, registeredRoutes } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { type EstimatesDeps, estimatesRoutes } from '../../src/app.js'

describe('the estimates routers and the route catalogue', () => {
  it('register exactly the catalogue routes of the estimates service', () => {
    expect(registeredRoutes((app) => estimatesRoutes(depsStandIn<EstimatesDeps>())(app))).toEqual(catalogueRoutes('estimates'))
  })
})
