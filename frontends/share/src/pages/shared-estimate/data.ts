import type { PublicEstimate } from '@plumbline/contracts'
import { apiRequest, throwIfNotOk } from '@plumbline/web'
import { useQuery } from '@tanstack/react-query'

export type { PublicEstimate }
export const publicEstimateKey = (token: string) => ['/api/public/estimates', token] as const
export const publicEstimatePath = (token: string) => `/api/public/estimates/${encodeURIComponent(token)}`

/** GET /api/public/estimates/{token}: no organisation, no sign-in; 404 means invalid or expired. */
export function usePublicEstimate(token: string) {
  return useQuery<PublicEstimate>({
    queryKey: publicEstimateKey(token),
    queryFn: async ({ signal }) => {
      const res = await fetch(publicEstimatePath(token), { credentials: 'include', headers: { Accept: 'application/json' }, signal })
      await throwIfNotOk(res)
      return (await res.json()) as PublicEstimate
    },
    enabled: !!token,
  })
}

/** Approve or decline; both answer the updated public estimate. */
export async function postDecision(token: string, kind: 'approve' | 'reject', body: Record<string, unknown>): Promise<PublicEstimate> {
  const res = await apiRequest('POST', `${publicEstimatePath(token)}/${kind}`, body)
  return (await res.json()) as PublicEstimate
}
