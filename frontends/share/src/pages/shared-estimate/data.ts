import type { ChangesSinceLastView, PublicComment, PublicEstimate } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { COMMENT_POLL_MS } from '@plumbline/contracts/estimate-comments-text'
import { SHARE_PASSCODE_HEADER } from '@plumbline/contracts/share-link-text'
import { type ApiBody, apiKey, apiKeyPrefix, callApi } from '@plumbline/web'
import { useQuery } from '@tanstack/react-query'

export type { ChangesSinceLastView, PublicComment, PublicEstimate }
export const publicEstimateKey = (token: string) => apiKey(api.getPublicEstimatesById, { token })
/** Every public estimate read on this page, whatever its token. */
export const publicEstimatesPrefix = () => apiKeyPrefix(api.getPublicEstimatesById)

// The passcode the client typed for a link, kept in this tab's memory only and sent in a header
// (never the URL) with every call about that link.
const passcodes = new Map<string, string>()
export const setPasscode = (token: string, passcode: string) => passcodes.set(token, passcode)
const passcodeHeaders = (token: string): Record<string, string> => {
  const p = passcodes.get(token)
  return p ? { [SHARE_PASSCODE_HEADER]: p } : {}
}

/** GET /api/public/estimates/{token}: no organisation, no sign-in; 404 invalid, 410 expired, 401 passcode needed or wrong. */
export function usePublicEstimate(token: string) {
  return useQuery<PublicEstimate>({
    queryKey: publicEstimateKey(token),
    queryFn: ({ signal }) => callApi(api.getPublicEstimatesById, { params: { token }, headers: passcodeHeaders(token), signal }),
    enabled: !!token,
  })
}

/** Approve (typed name, consent) or decline (optional reason); both answer the updated public estimate. */
export const approveEstimate = (token: string, body: ApiBody<typeof api.postPublicEstimatesApprove>) =>
  callApi(api.postPublicEstimatesApprove, { params: { token }, body, headers: passcodeHeaders(token) })
export const declineEstimate = (token: string, body: ApiBody<typeof api.postPublicEstimatesReject>) =>
  callApi(api.postPublicEstimatesReject, { params: { token }, body, headers: passcodeHeaders(token) })

export const publicCommentsKey = (token: string) => apiKey(api.getPublicEstimatesComments, { token })

/**
 * The change-request thread on this link, once the page itself has opened (so a passcode is
 * known). Asked again while the page is open and when the window regains focus, so a reply shows
 * up without a reload.
 */
export function usePublicComments(token: string, enabled: boolean) {
  return useQuery<PublicComment[]>({
    queryKey: publicCommentsKey(token),
    queryFn: ({ signal }) => callApi(api.getPublicEstimatesComments, { params: { token }, headers: passcodeHeaders(token), signal }),
    enabled: !!token && enabled,
    refetchInterval: COMMENT_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  })
}

/** The client's message (a change request, or a follow-up in the thread). */
export const postComment = (token: string, body: ApiBody<typeof api.postPublicEstimatesComments>) =>
  callApi(api.postPublicEstimatesComments, { params: { token }, body, headers: passcodeHeaders(token) })
