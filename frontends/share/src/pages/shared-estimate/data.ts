import type { PublicEstimate } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { type ApiBody, apiKey, apiKeyPrefix, apiPath, callApi, throwIfNotOk } from '@plumbline/web'
import { useQuery } from '@tanstack/react-query'

export type { PublicEstimate }
export const publicEstimateKey = (token: string) => apiKey(api.getPublicEstimatesById, { token })
/** Every public estimate read on this page, whatever its token. */
export const publicEstimatesPrefix = () => apiKeyPrefix(api.getPublicEstimatesById)

/** GET /api/public/estimates/{token}: no organisation, no sign-in; 404 means invalid or expired. */
export function usePublicEstimate(token: string) {
  return useQuery<PublicEstimate>({
    queryKey: publicEstimateKey(token),
    queryFn: async ({ signal }) => {
      const res = await fetch(apiPath(api.getPublicEstimatesById, { token }), { credentials: 'include', headers: { Accept: 'application/json' }, signal })
      await throwIfNotOk(res)
      return (await res.json()) as PublicEstimate
    },
    enabled: !!token,
  })
}

/** Approve (typed name, consent) or decline (optional reason); both answer the updated public estimate. */
export const approveEstimate = (token: string, body: ApiBody<typeof api.postPublicEstimatesApprove>) =>
  callApi(api.postPublicEstimatesApprove, { params: { token }, body })
export const declineEstimate = (token: string, body: ApiBody<typeof api.postPublicEstimatesReject>) =>
  callApi(api.postPublicEstimatesReject, { params: { token }, body })
