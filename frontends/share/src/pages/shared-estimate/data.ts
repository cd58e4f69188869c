import type { PublicEstimate } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiKey, apiKeyPrefix, apiPath, apiRequest, throwIfNotOk } from '@plumbline/web'
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

const DECISION_ROUTES = { approve: api.postPublicEstimatesApprove, reject: api.postPublicEstimatesReject } as const

/** Approve or decline; both answer the updated public estimate. */
export async function postDecision(token: string, kind: 'approve' | 'reject', body: Record<string, unknown>): Promise<PublicEstimate> {
  const res = await apiRequest('POST', apiPath(DECISION_ROUTES[kind], { token }), body)
  return (await res.json()) as PublicEstimate
}
