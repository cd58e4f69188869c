import { type EstimatePricing, estimateTotals } from '@plumbline/contracts'
import type { Db } from '../data/db.js'
import { readPricingInputs } from '../data/pricing-selections-repo.js'
import { toMarkupRates, toPricedItem, toTaxRule } from '../domain/pricing-records.js'

/**
 * An estimate's pricing selection and its totals, computed from the stored line items and the
 * selected profiles (never from anything a client sent). The caller has checked the estimate
 * belongs to the organisation; every query is scoped by orgId again all the same.
 */
export async function loadEstimateTotals(db: Db, orgId: string, estimateId: string): Promise<EstimatePricing> {
  const { items, markup, taxes } = await readPricingInputs(db, orgId, estimateId)
  return {
    markupProfileId: markup?.markupProfileId ?? null,
    taxProfileIds: taxes.map((t) => t.taxProfileId),
    totals: estimateTotals(
      items.map(toPricedItem),
      markup ? toMarkupRates(markup.markupProfile) : null,
      taxes.map((t) => toTaxRule(t.taxProfile)),
    ),
  }
}
