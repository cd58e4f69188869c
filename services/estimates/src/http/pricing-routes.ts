import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, type OrgContext, uuidParam } from '@plumbline/service-kit'
import type { Request, Response, Router } from 'express'
import { type IdempotencyRequest, idempotencyKeyOf, requestHashOf } from '../data/idempotency.js'
import type { EstimatesDeps } from '../deps.js'
import { PROFILE_LABEL, type ProfileInputOf, type ProfileKind } from '../domain/pricing-profile-kind.js'
import { getEstimateTotals } from '../usecases/get-estimate-totals.js'
import { createProfile, deleteProfile, listProfiles, updateProfile } from '../usecases/pricing-profiles.js'
import { selectMarkupAndTax } from '../usecases/select-markup-and-tax.js'

/** Creating POSTs honour an Idempotency-Key (DESIGN §3), as POST /estimates does. */
function idempotencyOf(req: Request, orgId: string, scope: string): IdempotencyRequest | undefined {
  const key = idempotencyKeyOf(req.header('idempotency-key'))
  return key ? { orgId, key, scope, requestHash: requestHashOf(req.body) } : undefined
}

const PROFILE_PATH = { markup: '/markup-profiles', tax: '/taxes' } as const satisfies Record<ProfileKind, string>

type Call<K extends ProfileKind> = { ctx: OrgContext; body: ProfileInputOf<K>; req: Request; res: Response }

/** The handlers of one kind of pricing profile: list, create (idempotent), replace, delete. */
function profileHandlers<K extends ProfileKind>(deps: EstimatesDeps, kind: K) {
  const profileId = (req: Request) => uuidParam(req, 'profileId', PROFILE_LABEL[kind])
  return {
    list: ({ ctx, query }: { ctx: OrgContext; query: Parameters<typeof listProfiles>[3] }) => listProfiles(deps, ctx, kind, query),
    create: async ({ ctx, body, req, res }: Call<K>) => {
      const { profile, replayed } = await createProfile(deps, ctx, kind, body, idempotencyOf(req, ctx.orgId, `POST ${PROFILE_PATH[kind]}`))
      if (replayed) res.setHeader('Idempotent-Replayed', 'true')
      return profile
    },
    update: ({ ctx, body, req }: Omit<Call<K>, 'res'>) => updateProfile(deps, ctx, kind, profileId(req), body),
    remove: async ({ ctx, req }: { ctx: OrgContext; req: Request }) => {
      await deleteProfile(deps, ctx, kind, profileId(req))
    },
  }
}

/** Markup and tax profiles (spec 001 §7 "Markup and tax") and each estimate's selection and totals. */
export function pricingRoutes(deps: EstimatesDeps): Router {
  const markup = profileHandlers(deps, 'markup')
  const tax = profileHandlers(deps, 'tax')
  return catalogueRouter(estimatesRoutes)
    .on('getMarkupProfiles', markup.list)
    .on('postMarkupProfiles', markup.create)
    .on('putMarkupProfilesById', markup.update)
    .on('deleteMarkupProfilesById', markup.remove)
    .on('getTaxes', tax.list)
    .on('postTaxes', tax.create)
    .on('putTaxesById', tax.update)
    .on('deleteTaxesById', tax.remove)
    .on('getEstimatesTotals', async ({ ctx, req }) => (await getEstimateTotals(deps, ctx, uuidParam(req, 'id', 'Estimate'))).totals)
    .on('getEstimatesPricing', ({ ctx, req }) => getEstimateTotals(deps, ctx, uuidParam(req, 'id', 'Estimate')))
    .on('putEstimatesPricing', ({ ctx, body, req }) => selectMarkupAndTax(deps, ctx, uuidParam(req, 'id', 'Estimate'), body)).router
}
