import express, { type Router } from 'express'
import { ZMarkupProfileInput, ZPricingProfileQuery, ZPricingSelectionBody, ZTaxProfileBody } from '@plumbline/contracts'
import { parseBody, parseQuery } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { createMarkupProfile } from '../usecases/create-markup-profile.js'
import { createTaxProfile } from '../usecases/create-tax-profile.js'
import { deleteMarkupProfile } from '../usecases/delete-markup-profile.js'
import { deleteTaxProfile } from '../usecases/delete-tax-profile.js'
import { getEstimateTotals } from '../usecases/get-estimate-totals.js'
import { listMarkupProfiles } from '../usecases/list-markup-profiles.js'
import { listTaxProfiles } from '../usecases/list-tax-profiles.js'
import { selectMarkupAndTax } from '../usecases/select-markup-and-tax.js'
import { updateMarkupProfile } from '../usecases/update-markup-profile.js'
import { updateTaxProfile } from '../usecases/update-tax-profile.js'
import { orgCtx, uuidParam } from './context.js'

const org = '/organizations/:orgId'

/** Markup and tax profiles (spec 001 §7 "Markup and tax") and each estimate's selection and totals. */
export function pricingRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()

  router.get(`${org}/markup-profiles`, async (req, res) => {
    res.json(await listMarkupProfiles(deps, orgCtx(req, res, 'access'), parseQuery(ZPricingProfileQuery, req)))
  })
  router.post(`${org}/markup-profiles`, async (req, res) => {
    const ctx = orgCtx(req, res, 'create')
    res.status(201).json(await createMarkupProfile(deps, ctx, parseBody(ZMarkupProfileInput, req)))
  })
  router.put(`${org}/markup-profiles/:profileId`, async (req, res) => {
    const ctx = orgCtx(req, res, 'edit')
    res.json(await updateMarkupProfile(deps, ctx, uuidParam(req, 'profileId', 'Markup profile'), parseBody(ZMarkupProfileInput, req)))
  })
  router.delete(`${org}/markup-profiles/:profileId`, async (req, res) => {
    const ctx = orgCtx(req, res, 'delete')
    await deleteMarkupProfile(deps, ctx, uuidParam(req, 'profileId', 'Markup profile'))
    res.status(204).end()
  })

  router.get(`${org}/taxes`, async (req, res) => {
    res.json(await listTaxProfiles(deps, orgCtx(req, res, 'access'), parseQuery(ZPricingProfileQuery, req)))
  })
  router.post(`${org}/taxes`, async (req, res) => {
    const ctx = orgCtx(req, res, 'create')
    res.status(201).json(await createTaxProfile(deps, ctx, parseBody(ZTaxProfileBody, req)))
  })
  router.put(`${org}/taxes/:profileId`, async (req, res) => {
    const ctx = orgCtx(req, res, 'edit')
    res.json(await updateTaxProfile(deps, ctx, uuidParam(req, 'profileId', 'Tax profile'), parseBody(ZTaxProfileBody, req)))
  })
  router.delete(`${org}/taxes/:profileId`, async (req, res) => {
    const ctx = orgCtx(req, res, 'delete')
    await deleteTaxProfile(deps, ctx, uuidParam(req, 'profileId', 'Tax profile'))
    res.status(204).end()
  })

  router.get(`${org}/estimates/:id/totals`, async (req, res) => {
    const ctx = orgCtx(req, res, 'access')
    res.json((await getEstimateTotals(deps, ctx, uuidParam(req, 'id', 'Estimate'))).totals)
  })
  router.get(`${org}/estimates/:id/pricing`, async (req, res) => {
    const ctx = orgCtx(req, res, 'access')
    res.json(await getEstimateTotals(deps, ctx, uuidParam(req, 'id', 'Estimate')))
  })
  router.put(`${org}/estimates/:id/pricing`, async (req, res) => {
    const ctx = orgCtx(req, res, 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    res.json(await selectMarkupAndTax(deps, ctx, id, parseBody(ZPricingSelectionBody, req)))
  })

  return router
}
