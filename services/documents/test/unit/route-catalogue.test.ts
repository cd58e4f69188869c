import { describe, expect, it } from 'vitest'
import { catalogueRoutes, depsStandIn, registeredRoutes } from '@plumbline/testing'
import { documentsRoutes, type DocumentsDeps } from '../../src/app.js'

describe('the documents routers and the route catalogue', () => {
  it('register exactly the catalogue routes of the documents service', () => {
    expect(registeredRoutes((app) => documentsRoutes(depsStandIn<DocumentsDeps>())(app))).toEqual(catalogueRoutes('documents'))
  })
})
