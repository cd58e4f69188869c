import { COMMENT_LIMITS, type CommentAuthor, type EstimateComment, type PublicComment } from '@plumbline/contracts'
import { listComments } from '../data/comments-repo.js'
import type { Db } from '../data/db.js'

type CommentRow = { id: string; author: string; authorEmail: string | null; body: string; mailedTo: string[]; createdAt: Date }

/** A message as the client sees it: never which member wrote a reply, nor where it was mailed. */
export const publicCommentOf = (row: CommentRow): PublicComment => ({
  id: row.id,
  author: row.author as CommentAuthor,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
})

/** A message as the team sees it. */
export const estimateCommentOf = (row: CommentRow): EstimateComment => ({ ...publicCommentOf(row), authorEmail: row.authorEmail, mailedTo: row.mailedTo })

/** The thread's newest messages, oldest first, as rows. */
export const readThread = (db: Db, orgId: string, estimateId: string) => listComments(db, orgId, estimateId, COMMENT_LIMITS.thread)
