import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import type { PropertyDataProvider } from '../property/provider.js'
import { selectPropertyProvider } from '../property/select-provider.js'
import { lookupPropertyData } from '../usecases/lookup-property-data.js'

/** Wizard step 2 / create dialog "Fetch Data": any signed-in user (not org-scoped). */
export function propertyRoutes(deps: EstimatesDeps, provider: PropertyDataProvider = selectPropertyProvider(deps.env)): Router {
  return catalogueRouter(estimatesRoutes).on('postExternalEnhancedPropertyData', ({ body, res }) => {
    res.setHeader('Cache-Control', 'no-store')
    return lookupPropertyData(provider, body.address)
  }).router
}
