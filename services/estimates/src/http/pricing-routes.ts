import { ZMarkupProfileInput, ZPricingProfileQuery, ZPricingSelectionBody, ZTaxProfileBody } from '@plumbline/contracts'
import { orgCtx, parseBody, parseQuery, uuidParam } from '@plumbline/service-kit'
import express, { type Request, type Router } from 'express'
import type { ZodType } from 'zod'
import { type IdempotencyRequest, idempotencyKeyOf, requestHashOf } from '../data/idempotency.js'
import type { EstimatesDeps } from '../deps.js'
import { PROFILE_LABEL, type ProfileInputOf, type ProfileKind } from '../domain/pricing-profile-kind.js'
import { getEstimateTotals } from '../usecases/get-estimate-totals.js'
import { createProfile, deleteProfile, listProfiles, updateProfile } from '../usecases/pricing-profiles.js'
import { selectMarkupAndTax } from '../usecases/select-markup-and-tax.js'

const org = '/organizations/:orgId'

/** Creating POSTs honour an Idempotency-Key (DESIGN §3), as POST /estimates does. */
function idempotencyOf(req: Request, orgId: string, scope: string): IdempotencyRequest | undefined {
  const key = idempotencyKeyOf(req.header('idempotency-key'))
  return key ? { orgId, key, scope, requestHash: requestHashOf(req.body) } : undefined
}

/** List, create, replace and delete for one kind of pricing profile, under `${org}${path}`. */
function profileRoutes<K extends ProfileKind>(router: Router, deps: EstimatesDeps, kind: K, path: string, body: ZodType<ProfileInputOf<K>>): void {
  router.get(`${org}${path}`, async (req, res) => {
    res.json(await listProfiles(deps, orgCtx(res, req.params.orgId, 'cost_estimator', 'access'), kind, parseQuery(ZPricingProfileQuery, req)))
  })
  router.post(`${org}${path}`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'create')
    const input = parseBody(body, req)
    const { profile, replayed } = await createProfile(deps, ctx, kind, input, idempotencyOf(req, ctx.orgId, `POST ${path}`))
    if (replayed) res.setHeader('Idempotent-Replayed', 'true')
    res.status(201).json(profile)
  })
  router.put(`${org}${path}/:profileId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await updateProfile(deps, ctx, kind, uuidParam(req, 'profileId', PROFILE_LABEL[kind]), parseBody(body, req)))
  })
  router.delete(`${org}${path}/:profileId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'delete')
    await deleteProfile(deps, ctx, kind, uuidParam(req, 'profileId', PROFILE_LABEL[kind]))
    res.status(204).end()
  })
}

/** Markup and tax profiles (spec 001 §7 "Markup and tax") and each estimate's selection and totals. */
export function pricingRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()

  profileRoutes(router, deps, 'markup', '/markup-profiles', ZMarkupProfileInput)
  profileRoutes(router, deps, 'tax', '/taxes', ZTaxProfileBody)

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
