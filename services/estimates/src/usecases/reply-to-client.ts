import { COMMENT_MESSAGES, type CommentBody, ErrorCode, EstimateErrorCode, MailSubjects } from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import { AppError, fetchCompanySettings, notFound, type OrgContext } from '@plumbline/service-kit'
import { insertComment } from '../data/comments-repo.js'
import type { Tx } from '../data/db.js'
import { findLiveEstimateRow, lockEstimateRow } from '../data/estimates-repo.js'
import { type IdempotencyRequest, runIdempotent } from '../data/idempotency.js'
import { findLiveShareLinkOf } from '../data/share-links-repo.js'
import { lastSendRecipients } from '../data/timeline-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { ESTIMATES_SCHEMA } from '../events/record-event.js'
import { estimateCommentOf } from './comment-views.js'
import { estimateReplyMail, mailBrandOf } from './estimate-mail.js'
import { isExpired } from './share-governance.js'
import { shareUrlOf } from './share-link.js'

/** The live, unexpired link's address: a reply points the client back to it, so without one there is nothing to reply on (409). */
async function openShareUrl(deps: EstimatesDeps, tx: Tx, orgId: string, estimateId: string): Promise<string> {
  const link = await findLiveShareLinkOf(tx, orgId, estimateId)
  const token = link ? deps.shareTokens.decrypt(link.tokenCiphertext) : null
  if (!link || !token) throw new AppError(409, ErrorCode.CONFLICT, COMMENT_MESSAGES.notShared)
  if (isExpired(link, deps.clock.now())) throw new AppError(409, EstimateErrorCode.SHARE_LINK_EXPIRED, COMMENT_MESSAGES.expired)
  return shareUrlOf(deps.env.APP_URL, token)
}

/** Who hears of a reply: whoever the estimate was last sent to, else the estimate's client e-mail. */
async function clientRecipients(tx: Tx, orgId: string, estimate: { id: string; clientEmail: string | null }): Promise<string[]> {
  const sentTo = await lastSendRecipients(tx, orgId, estimate.id)
  if (sentTo?.length) return sentTo
  return estimate.clientEmail ? [estimate.clientEmail.trim().toLowerCase()] : []
}

/**
 * POST …/estimates/{id}/comments: a member replies to the client. Under the estimate's row lock,
 * the reply and its mail request (the outbox; the mailer sends it once, with the share link) in
 * one transaction. Only what the member wrote and what the client's page shows go in the mail.
 * Repeating the request with the same Idempotency-Key answers the first answer and mails nothing more.
 */
export async function replyToClient(
  deps: EstimatesDeps,
  ctx: OrgContext,
  estimateId: string,
  body: CommentBody,
  idem: IdempotencyRequest | undefined,
): Promise<{ status: number; body: unknown; replayed: boolean }> {
  const settings = await fetchCompanySettings(deps, ctx.orgId)
  return runIdempotent(deps.prisma, idem, {
    run: async (tx) => {
      await lockEstimateRow(tx, ctx.orgId, estimateId)
      const estimate = await findLiveEstimateRow(tx, ctx.orgId, estimateId)
      if (!estimate) throw notFound('Estimate')
      const shareUrl = await openShareUrl(deps, tx, ctx.orgId, estimateId)
      const to = await clientRecipients(tx, ctx.orgId, estimate)
      const row = await insertComment(tx, ctx.orgId, estimateId, {
        author: 'contractor',
        authorId: ctx.userId,
        authorEmail: ctx.email,
        body: body.body,
        mailedTo: to,
        createdAt: deps.clock.now(),
      })
      if (to.length > 0) {
        const brand = mailBrandOf(deps.env.APP_URL, ctx.orgId, settings)
        const mail = estimateReplyMail({ estimate, brand, to, replyTo: ctx.email, shareUrl, reply: row.body })
        await writeOutbox(tx, ESTIMATES_SCHEMA, createEnvelope({ type: MailSubjects.estimates, orgId: ctx.orgId, actorId: ctx.userId, data: mail }))
      }
      return { status: 201, body: estimateCommentOf(row) }
    },
  })
}
