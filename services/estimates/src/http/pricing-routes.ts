import express, { type Request, type Router } from 'express'
import { ZMarkupProfileInput, ZPricingProfileQuery, ZPricingSelectionBody, ZTaxProfileBody } from '@plumbline/contracts'
import { parseBody, parseQuery, orgCtx } from '@plumbline/service-kit'
import { idempotencyKeyOf, requestHashOf, type IdempotencyRequest } from '../data/idempotency.js'
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
import { uuidParam } from '@plumbline/service-kit'

const org = '/organizations/:orgId'

/** Creating POSTs honour an Idempotency-Key (DESIGN §3), as POST /estimates does. */
function idempotencyOf(req: Request, orgId: string, scope: string): IdempotencyRequest | undefined {
  const key = idempotencyKeyOf(req.header('idempotency-key'))
  return key ? { orgId, key, scope, requestHash: requestHashOf(req.body) } : undefined
}

/** Markup and tax profiles (spec 001 §7 "Markup and tax") and each estimate's selection and totals. */
export function pricingRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()

  router.get(`${org}/markup-profiles`, async (req, res) => {
    res.json(await listMarkupProfiles(deps, orgCtx(res, req.params.orgId, 'cost_estimator', 'access'), parseQuery(ZPricingProfileQuery, req)))
  })
  router.post(`${org}/markup-profiles`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'create')
    const input = parseBody(ZMarkupProfileInput, req)
    const { profile, replayed } = await createMarkupProfile(deps, ctx, input, idempotencyOf(req, ctx.orgId, 'POST /markup-profiles'))
    if (replayed) res.setHeader('Idempotent-Replayed', 'true')
    res.status(201).json(profile)
  })
  router.put(`${org}/markup-profiles/:profileId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await updateMarkupProfile(deps, ctx, uuidParam(req, 'profileId', 'Markup profile'), parseBody(ZMarkupProfileInput, req)))
  })
  router.delete(`${org}/markup-profiles/:profileId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'delete')
    await deleteMarkupProfile(deps, ctx, uuidParam(req, 'profileId', 'Markup profile'))
    res.status(204).end()
  })

  router.get(`${org}/taxes`, async (req, res) => {
    res.json(await listTaxProfiles(deps, orgCtx(res, req.params.orgId, 'cost_estimator', 'access'), parseQuery(ZPricingProfileQuery, req)))
  })
  router.post(`${org}/taxes`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'create')
    const input = parseBody(ZTaxProfileBody, req)
    const { profile, replayed } = await createTaxProfile(deps, ctx, input, idempotencyOf(req, ctx.orgId, 'POST /taxes'))
    if (replayed) res.setHeader('Idempotent-Replayed', 'true')
    res.status(201).json(profile)
  })
  router.put(`${org}/taxes/:profileId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await updateTaxProfile(deps, ctx, uuidParam(req, 'profileId', 'Tax profile'), parseBody(ZTaxProfileBody, req)))
  })
  router.delete(`${org}/taxes/:profileId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'delete')
    await deleteTaxProfile(deps, ctx, uuidParam(req, 'profileId', 'Tax profile'))
    res.status(204).end()
  })

  router.get(`${org}/estimates/:id/totals`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json((await getEstimateTotals(deps, ctx, uuidParam(req, 'id', 'Estimate'))).totals)
  })
  router.get(`${org}/estimates/:id/pricing`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await getEstimateTotals(deps, ctx, uuidParam(req, 'id', 'Estimate')))
  })
  router.put(`${org}/estimates/:id/pricing`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    res.json(await selectMarkupAndTax(deps, ctx, id, parseBody(ZPricingSelectionBody, req)))
  })

  return router
}
