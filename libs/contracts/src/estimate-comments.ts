import { z } from 'zod'
import { COMMENT_LIMITS, COMMENT_MESSAGES } from './estimate-comments-text.js'

export * from './estimate-comments-text.js'

// Change requests: the client writes on the share link ("Request changes"), the contractor replies
// from the estimate's detail page, and each side sees the thread.

/** POST …/comments (either side): the message, trimmed, 1 to 5,000 characters. */
export const ZCommentBody = z.object({
  body: z.string({ error: COMMENT_MESSAGES.bodyRequired }).trim().min(1, COMMENT_MESSAGES.bodyRequired).max(COMMENT_LIMITS.body, COMMENT_MESSAGES.bodyTooLong),
})
export type CommentBody = z.infer<typeof ZCommentBody>

export const ZCommentAuthor = z.enum(['client', 'contractor'])
export type CommentAuthor = z.infer<typeof ZCommentAuthor>

/** One message as the client sees it: who wrote it is only "you" or "your contractor". */
export const ZPublicComment = z.object({
  id: z.string(),
  author: ZCommentAuthor,
  body: z.string(),
  createdAt: z.string(),
})
export type PublicComment = z.infer<typeof ZPublicComment>

/** One message as the team sees it: which member replied, and where the reply was mailed. */
export const ZEstimateComment = ZPublicComment.extend({
  /** The member who replied; null for the client. */
  authorEmail: z.string().nullable(),
  /** The addresses the reply was mailed to (empty for the client's messages, or when none was known). */
  mailedTo: z.array(z.string()),
})
export type EstimateComment = z.infer<typeof ZEstimateComment>
