import type { PublicComment } from '@plumbline/contracts'
import { COMMENT_LIMITS, COMMENT_MESSAGES } from '@plumbline/contracts/estimate-comments-text'
import { SHARE_LINK_MESSAGES } from '@plumbline/contracts/share-link-text'
import { parseApiError } from '@plumbline/web'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postComment, publicCommentsKey } from '../data'

/** Sends the client's message and adds it to the thread at once (the next poll brings the rest). */
export function useSendComment(token: string, onSent?: (comment: PublicComment) => void) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => postComment(token, { body }),
    onSuccess: (comment) => {
      qc.setQueryData<PublicComment[]>(publicCommentsKey(token), (old) => [...(old ?? []).filter((c) => c.id !== comment.id), comment])
      onSent?.(comment)
    },
  })
}

/** Why a message was not sent, in words for the client: the field's rule, the link's state or the hourly limit. */
export function commentErrorMessage(error: unknown): string {
  const p = parseApiError(error)
  const field = (p.body as { errors?: { field: string; message: string }[] } | null)?.errors?.find((e) => e.field === 'body')
  if (p.status === 400 && field) return field.message
  if (p.status === 404) return 'This estimate link is invalid or has expired.'
  if (p.status === 410) return SHARE_LINK_MESSAGES.expired
  if (p.status === 429 && p.message === COMMENT_MESSAGES.rateLimited) return COMMENT_MESSAGES.rateLimited
  if (p.status && p.status < 500 && p.message && !p.message.startsWith('<')) return p.message
  return 'We could not send your message. Please try again.'
}

/** The same rule as the server's, so an empty message is refused before any request. */
export const localProblem = (text: string) =>
  !text.trim() ? COMMENT_MESSAGES.bodyRequired : text.trim().length > COMMENT_LIMITS.body ? COMMENT_MESSAGES.bodyTooLong : null
