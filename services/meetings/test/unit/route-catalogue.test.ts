import { catalogueRoutes, depsStandIn, registeredRoutes } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { type MeetingsDeps, meetingsRoutes } from '../../src/app.js'

describe('the meetings routers and the route catalogue', () => {
  it('register exactly the catalogue routes of the meetings service', () => {
    expect(registeredRoutes((app) => meetingsRoutes(depsStandIn<MeetingsDeps>())(app))).toEqual(catalogueRoutes('meetings'))
  })
})
