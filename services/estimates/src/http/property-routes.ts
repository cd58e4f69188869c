import { ZPropertyDataBody } from '@plumbline/contracts'
import { contextOf, parseBody } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import type { PropertyDataProvider } from '../property/provider.js'
import { selectPropertyProvider } from '../property/select-provider.js'
import { lookupPropertyData } from '../usecases/lookup-property-data.js'

/** Wizard step 2 / create dialog "Fetch Data": any signed-in user (not org-scoped). */
export function propertyRoutes(deps: EstimatesDeps, provider: PropertyDataProvider = selectPropertyProvider(deps.env)): Router {
  const router = express.Router()
  router.post('/external/enhanced-property-data', async (req, res) => {
    contextOf(res)
    const { address } = parseBody(ZPropertyDataBody, req)
    res.setHeader('Cache-Control', 'no-store')
    res.json(await lookupPropertyData(provider, address))
  })
  return router
}
