import { catalogueRoutes, depsStandIn, registeredRoutes } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { type DocumentsDeps, documentsRoutes } from '../../src/app.js'

describe('the documents routers and the route catalogue', () => {
  it('register exactly the catalogue routes of the documents service', () => {
    expect(registeredRoutes((app) => documentsRoutes(depsStandIn<DocumentsDeps>())(app))).toEqual(catalogueRoutes('documents'))
  })
})
