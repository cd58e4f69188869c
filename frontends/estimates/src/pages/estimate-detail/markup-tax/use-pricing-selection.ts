import * as api from '@plumbline/contracts/api-paths'
import { callApi } from '@plumbline/web'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { reportMutationError } from '../../../data/errors'
import { pricingKey } from '../../../data/keys'
import { type EstimatePricing, useInvalidateEstimate, usePricing } from '../../../data/queries'

export type PricingSelection = { markupProfileId: string | null; taxProfileIds: string[] }

/**
 * The estimate's chosen markup profile and tax profiles, and `select` to change them: shown at
 * once (optimistic), put back when the server refuses.
 */
export function usePricingSelection(orgId: string, estimateId: string) {
  const qc = useQueryClient()
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const pricing = usePricing(orgId, estimateId)
  const selection: PricingSelection = { markupProfileId: pricing.data?.markupProfileId ?? null, taxProfileIds: pricing.data?.taxProfileIds ?? [] }

  const select = useMutation({
    mutationFn: (next: PricingSelection) => callApi(api.putEstimatesPricing, { params: { orgId, id: estimateId }, body: next }),
    onMutate: (next) => {
      const previous = qc.getQueryData<EstimatePricing>(pricingKey(orgId, estimateId))
      if (previous) qc.setQueryData<EstimatePricing>(pricingKey(orgId, estimateId), { ...previous, ...next })
      return { previous }
    },
    onError: (e, _v, ctx) => {
      qc.setQueryData(pricingKey(orgId, estimateId), ctx?.previous)
      reportMutationError(e, 'Failed to update markup and tax selection', () => void invalidate.estimate())
    },
    onSettled: () => invalidate.pricing(),
  })

  return { selection, select, isLoading: pricing.isLoading }
}
