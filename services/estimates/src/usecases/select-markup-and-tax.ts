import { type EstimatePricing, Subjects, type ZPricingSelectionBody } from '@plumbline/contracts'
import { isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { inTransaction, type Tx } from '../data/db.js'
import { touchEditableEstimate } from '../data/estimates-repo.js'
import { countUsableMarkupProfiles, countUsableTaxProfiles, replacePricingSelection } from '../data/pricing-selections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { loadEstimateTotals } from './load-estimate-totals.js'

export type PricingSelection = z.infer<typeof ZPricingSelectionBody>

async function assertUsableProfiles(tx: Tx, orgId: string, estimateId: string, selection: PricingSelection): Promise<void> {
  if (selection.markupProfileId !== null) {
    const found = isUuid(selection.markupProfileId) && (await countUsableMarkupProfiles(tx, orgId, estimateId, selection.markupProfileId))
    if (!found) throw notFound('Markup profile')
  }
  if (selection.taxProfileIds.length) {
    const ids = selection.taxProfileIds
    const found = ids.every(isUuid) ? await countUsableTaxProfiles(tx, orgId, estimateId, ids) : 0
    if (found !== ids.length) throw notFound('Tax profile')
  }
}

/**
 * PUT …/estimates/{id}/pricing: replaces the estimate's markup profile (or none) and tax
 * profiles, and answers the new totals. Refused (409) while the estimate is approved and locked.
 */
export async function selectMarkupAndTax(deps: EstimatesDeps, actor: OrgContext, estimateId: string, selection: PricingSelection): Promise<EstimatePricing> {
  return inTransaction(deps, async (tx) => {
    const estimate = await touchEditableEstimate(tx, actor.orgId, estimateId)
    await assertUsableProfiles(tx, actor.orgId, estimateId, selection)
    await replacePricingSelection(tx, actor.orgId, estimateId, selection.markupProfileId, selection.taxProfileIds)
    await recordEstimateEvent(tx, Subjects.estimateUpdated, actor.orgId, actor.userId, {
      estimateId,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status: estimate.status,
    })
    return loadEstimateTotals(tx, actor.orgId, estimateId)
  })
}
