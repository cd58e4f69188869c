import {
  COMMENT_LIMITS,
  COMMENT_MESSAGES,
  type CommentBody,
  ErrorCode,
  type PublicComment,
  Subjects,
  type ZEstimateChangeRequestedV1,
} from '@plumbline/contracts'
import { AppError } from '@plumbline/service-kit'
import type { z } from 'zod'
import { insertComment, recentClientComments } from '../data/comments-repo.js'
import { inTransaction, type Tx } from '../data/db.js'
import { selectEstimateForUpdate } from '../data/estimates-repo.js'
import { isShareLinkLive } from '../data/share-links-repo.js'
import { addTimelineEntry } from '../data/timeline-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEvent } from '../events/record-event.js'
import { publicCommentOf } from './comment-views.js'
import { findPublicShare, publicLinkNotFound } from './find-public-share.js'
import type { ClientInfo } from './record-approval-decision.js'
import { pauseRemindersForChanges } from './reminders.js'
import { assertShareOpen } from './share-governance.js'

const HOUR_MS = 3600_000

/** 429 once the client has written COMMENT_LIMITS.perLinkPerHour messages in the last hour; Retry-After when the oldest leaves the window. */
async function checkHourlyLimit(tx: Tx, orgId: string, estimateId: string, now: Date): Promise<void> {
  const recent = await recentClientComments(tx, orgId, estimateId, new Date(now.getTime() - HOUR_MS))
  if (recent.count < COMMENT_LIMITS.perLinkPerHour) return
  const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + HOUR_MS
  const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000))
  throw new AppError(429, ErrorCode.RATE_LIMITED, COMMENT_MESSAGES.rateLimited, undefined, { 'Retry-After': String(retryAfter) })
}

/**
 * POST /public/estimates/{token}/comments: the client asks for changes. The link must be open to
 * them as for a decision (404, 410, 401). Under the estimate's row lock, so concurrent messages
 * count against the hourly limit one after another: the message, a timeline entry, the pause of
 * the follow-up reminders (until the next send) and estimates.estimate.change-requested.v1 (the
 * contractor's bell and e-mail) in one transaction.
 */
export async function requestChanges(deps: EstimatesDeps, token: string, body: CommentBody, client: ClientInfo): Promise<PublicComment> {
  const share = await findPublicShare(deps, deps.prisma, token)
  await assertShareOpen(deps, share, client.passcode)
  const orgId = share.organizationId
  return inTransaction(deps, async (tx) => {
    const estimate = await selectEstimateForUpdate(tx, orgId, share.estimateId)
    // The link may have been regenerated or disabled while we waited for the lock.
    if (!estimate || !(await isShareLinkLive(tx, share))) throw publicLinkNotFound()
    const now = deps.clock.now()
    await checkHourlyLimit(tx, orgId, estimate.id, now)
    const row = await insertComment(tx, orgId, estimate.id, {
      author: 'client',
      authorId: null,
      authorEmail: null,
      body: body.body,
      mailedTo: [],
      createdAt: now,
    })
    await addTimelineEntry(tx, orgId, estimate.id, {
      kind: 'change_requested',
      actorId: null,
      actorEmail: null,
      summary: 'Changes requested by the client',
      details: { commentId: row.id },
      createdAt: now,
    })
    await pauseRemindersForChanges(tx, orgId, estimate.id, now)
    await recordEvent<z.infer<typeof ZEstimateChangeRequestedV1>>(tx, {
      type: Subjects.estimateChangeRequested,
      orgId,
      actorId: null,
      data: {
        estimateId: estimate.id,
        projectName: estimate.projectName,
        clientName: estimate.clientName,
        status: estimate.status,
        commentId: row.id,
        message: row.body,
      },
    })
    return publicCommentOf(row)
  })
}
