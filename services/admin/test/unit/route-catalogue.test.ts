import { catalogueRoutes, depsStandIn, registeredRoutes } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { type AdminDeps, adminRoutes } from '../../src/app.js'

describe('the admin routers and the route catalogue', () => {
  it('register exactly the catalogue routes of the admin service', () => {
    expect(registeredRoutes((app) => adminRoutes(depsStandIn<AdminDeps>())(app))).toEqual(catalogueRoutes('admin'))
  })
})
