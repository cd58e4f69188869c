import { describe, expect, it } from 'vitest'
import { catalogueRoutes, depsStandIn, registeredRoutes } from '@plumbline/testing'
import { adminRoutes, type AdminDeps } from '../../src/app.js'

describe('the admin routers and the route catalogue', () => {
  it('register exactly the catalogue routes of the admin service', () => {
    expect(registeredRoutes((app) => adminRoutes(depsStandIn<AdminDeps>())(app))).toEqual(catalogueRoutes('admin'))
  })
})
