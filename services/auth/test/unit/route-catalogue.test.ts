import { catalogueRoutes, depsStandIn, registeredRoutes } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { type AuthDeps, authRoutes } from '../../src/app.js'

describe('the auth routers and the route catalogue', () => {
  it('register exactly the catalogue routes of the auth service', () => {
    expect(registeredRoutes((app) => authRoutes(depsStandIn<AuthDeps>({ mailer: { sink: undefined } }))(app))).toEqual(catalogueRoutes('auth'))
  })
})
