import {
  defaultSendSubject,
  ErrorCode,
  EstimateErrorCode,
  MailSubjects,
  SEND_LIMITS,
  SEND_MESSAGES,
  type SendEstimateResult,
  Subjects,
  type ZSendEstimateBody,
} from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import { AppError, fetchCompanySettings, notFound, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import type { Tx } from '../data/db.js'
import { findLiveEstimateRow, type LockedEstimate, lockEstimateRow, readEstimateForPublic, updateEstimateRow } from '../data/estimates-repo.js'
import { type IdempotencyRequest, runIdempotent } from '../data/idempotency.js'
import { findLiveShareLinkOf } from '../data/share-links-repo.js'
import { addTimelineEntry, insertSend, lockOrganizationSends, recentSends } from '../data/timeline-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { ESTIMATES_SCHEMA, recordEstimateEvent } from '../events/record-event.js'
import { buildPublicEstimate } from './build-public-estimate.js'
import { estimateSentMail, mailBrandOf } from './estimate-mail.js'
import { restartRemindersOnSend } from './reminders.js'
import { freezeRevision, revisionSnapshotOf } from './revisions.js'
import { assertNotExpiredForSending } from './share-governance.js'
import { issueShareToken, shareUrlOf, statusAfterSharing } from './share-link.js'

type SendBody = z.output<typeof ZSendEstimateBody>

const HOUR_MS = 3600_000

/** 429 once the organisation has sent SEND_LIMITS.perOrganizationPerHour in the last hour; Retry-After when the oldest leaves the window. */
async function checkHourlyLimit(tx: Tx, orgId: string, now: Date): Promise<void> {
  await lockOrganizationSends(tx, orgId)
  const recent = await recentSends(tx, orgId, new Date(now.getTime() - HOUR_MS))
  if (recent.count < SEND_LIMITS.perOrganizationPerHour) return
  const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + HOUR_MS
  const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000))
  throw new AppError(429, ErrorCode.RATE_LIMITED, SEND_MESSAGES.rateLimited, undefined, { 'Retry-After': String(retryAfter) })
}

/**
 * The live share link's address, enabling sharing first when it is off (a new token, the shared
 * event). An estimate still in draft or pending becomes shared, as sharing makes it.
 */
async function ensureShareUrl(deps: EstimatesDeps, tx: Tx, ctx: OrgContext, estimate: LockedEstimate): Promise<string> {
  const link = await findLiveShareLinkOf(tx, ctx.orgId, estimate.id)
  assertNotExpiredForSending(link, deps.clock.now())
  const token = link ? deps.shareTokens.decrypt(link.tokenCiphertext) : null
  if (!token) return (await issueShareToken(deps, tx, ctx, estimate)).shareUrl
  const status = statusAfterSharing(estimate.status)
  if (status !== estimate.status) {
    await updateEstimateRow(tx, ctx.orgId, estimate.id, { status })
    await recordEstimateEvent(tx, Subjects.estimateShared, ctx.orgId, ctx.userId, {
      estimateId: estimate.id,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status,
    })
  }
  return shareUrlOf(deps.env.APP_URL, token)
}

/**
 * POST …/estimates/{id}/send: under the estimate's row lock, checks it may be sent (a declined
 * estimate may not: 409), counts the organisation's sends of the last hour, makes sure the share
 * link is on, and writes the send, its timeline entry and the mail request (the outbox, id = the
 * send's id) in one transaction, freezes what the client will see as a revision (unless the
 * latest one shows the same), and starts the follow-up reminders again from this send; the
 * mailer sends it once. 202: the mail is queued. Repeating the
 * request with the same Idempotency-Key answers the first answer again and sends nothing more.
 */
export async function sendEstimate(
  deps: EstimatesDeps,
  ctx: OrgContext,
  estimateId: string,
  body: SendBody,
  idem: IdempotencyRequest | undefined,
): Promise<{ status: number; body: unknown; replayed: boolean }> {
  const settings = await fetchCompanySettings(deps, ctx.orgId)
  const cc = body.cc.filter((a, i) => !body.to.includes(a) && body.cc.indexOf(a) === i)
  const to = body.to.filter((a, i) => body.to.indexOf(a) === i)
  return runIdempotent(deps.prisma, idem, {
    run: async (tx) => {
      const locked = await lockEstimateRow(tx, ctx.orgId, estimateId)
      if (locked.status === 'rejected') throw new AppError(409, EstimateErrorCode.ESTIMATE_DECLINED, SEND_MESSAGES.declined)
      const now = deps.clock.now()
      await checkHourlyLimit(tx, ctx.orgId, now)
      const shareUrl = await ensureShareUrl(deps, tx, ctx, locked)
      const estimate = await findLiveEstimateRow(tx, ctx.orgId, estimateId)
      if (!estimate) throw notFound('Estimate')
      const sent = await buildPublicEstimate(tx, await readEstimateForPublic(tx, ctx.orgId, estimateId), settings)
      await freezeRevision(tx, ctx.orgId, estimateId, revisionSnapshotOf(sent), { reason: 'sent', actorId: ctx.userId, actorEmail: ctx.email, at: now })
      const brand = mailBrandOf(deps.env.APP_URL, ctx.orgId, settings)
      const subject = body.subject ?? defaultSendSubject(estimate.projectName, brand.companyName)
      const message = body.message?.trim() ? body.message : null
      const mail = createEnvelope({
        type: MailSubjects.estimates,
        orgId: ctx.orgId,
        actorId: ctx.userId,
        data: estimateSentMail({ estimate, brand, to, cc, subject, message, replyTo: ctx.email, shareUrl, attachPdf: body.attachPdf }),
      })
      await insertSend(tx, ctx.orgId, {
        id: mail.id,
        estimateId,
        sentBy: ctx.userId,
        sentByEmail: ctx.email,
        to,
        cc,
        subject,
        message,
        attachPdf: body.attachPdf,
        createdAt: now,
      })
      await addTimelineEntry(tx, ctx.orgId, estimateId, {
        kind: 'sent',
        actorId: ctx.userId,
        actorEmail: ctx.email,
        summary: `Sent to ${[...to, ...cc].join(', ')}`,
        details: { sendId: mail.id, to, cc, subject, attachPdf: body.attachPdf },
        createdAt: now,
      })
      await writeOutbox(tx, ESTIMATES_SCHEMA, mail)
      await restartRemindersOnSend(tx, ctx.orgId, estimateId, { to, requested: body.reminders, companyDefault: settings.reminders, now })
      const result: SendEstimateResult = { sendId: mail.id, status: 'queued', to, cc, subject, shareUrl, sentAt: now.toISOString() }
      return { status: 202, body: result }
    },
  })
}
