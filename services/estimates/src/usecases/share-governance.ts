import { ErrorCode, EstimateErrorCode, REMINDER_DEFAULTS, SHARE_LINK_MESSAGES, type ShareSettings, type ZShareSettingsPatch } from '@plumbline/contracts'
import { AppError, fetchCompanySettings, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { type Db, inTransaction } from '../data/db.js'
import { findLiveEstimate, findLiveEstimateRow, lockEstimateRow } from '../data/estimates-repo.js'
import { findReminder } from '../data/reminders-repo.js'
import { findLiveShareLinkOf, updateShareGovernance } from '../data/share-links-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { hashPasscode, verifyPasscode } from '../domain/passcode.js'
import { changeReminders, reminderStateOf } from './reminders.js'

/** Wrong passcodes allowed per link in a window; then 429 until it ends. */
export const PASSCODE_ATTEMPTS = 10
export const PASSCODE_WINDOW_SECONDS = 15 * 60

const notShared = () => new AppError(404, ErrorCode.NOT_FOUND, SHARE_LINK_MESSAGES.notShared)

export const isExpired = (link: { expiresAt: Date | null }, now: Date) => !!link.expiresAt && link.expiresAt.getTime() <= now.getTime()

/** The link's governance and the estimate's reminders (the company's default while it has none of its own). */
async function settingsOf(
  deps: EstimatesDeps,
  db: Db,
  ctx: OrgContext,
  estimate: { id: string; clientEmail: string | null },
  link: { expiresAt: Date | null; passcodeHash: string | null },
): Promise<ShareSettings> {
  const row = await findReminder(db, ctx.orgId, estimate.id)
  const fallback = row ? null : (await fetchCompanySettings(deps, ctx.orgId)).reminders
  const now = deps.clock.now()
  return {
    expiresAt: link.expiresAt?.toISOString() ?? null,
    expired: isExpired(link, now),
    passcodeSet: !!link.passcodeHash,
    reminders: reminderStateOf(row, { settings: fallback ?? REMINDER_DEFAULTS, recipients: estimate.clientEmail ? [estimate.clientEmail] : [] }),
  }
}

/** GET …/estimates/{id}/share: the live link's expiry and whether a passcode is set (404 while sharing is off). */
export async function getShareSettings(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<ShareSettings> {
  const estimate = await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  const link = await findLiveShareLinkOf(deps.prisma, ctx.orgId, estimateId)
  if (!link) throw notShared()
  return settingsOf(deps, deps.prisma, ctx, estimate, link)
}

/** PATCH …/estimates/{id}/share: sets or clears the expiry (in the future) and the passcode (stored hashed), and sets the reminders. */
export async function patchShareSettings(
  deps: EstimatesDeps,
  ctx: OrgContext,
  estimateId: string,
  body: z.output<typeof ZShareSettingsPatch>,
): Promise<ShareSettings> {
  const now = deps.clock.now()
  const expiresAt = body.expiresAt === undefined ? undefined : body.expiresAt === null ? null : new Date(body.expiresAt)
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, SHARE_LINK_MESSAGES.expiresInPast, [
      { field: 'expiresAt', message: SHARE_LINK_MESSAGES.expiresInPast },
    ])
  }
  const passcodeHash = body.passcode === undefined ? undefined : body.passcode === null ? null : await hashPasscode(body.passcode)
  return inTransaction(deps, async (tx) => {
    await lockEstimateRow(tx, ctx.orgId, estimateId)
    if (!(await updateShareGovernance(tx, ctx.orgId, estimateId, { expiresAt, passcodeHash }))) throw notShared()
    const link = await findLiveShareLinkOf(tx, ctx.orgId, estimateId)
    const estimate = await findLiveEstimateRow(tx, ctx.orgId, estimateId)
    if (!link || !estimate) throw notShared()
    if (body.reminders) await changeReminders(tx, ctx.orgId, estimate, body.reminders, now)
    return settingsOf(deps, tx, ctx, estimate, link)
  })
}

/** 409 for sending (or reminding) over a link whose expiry has passed. */
export function assertNotExpiredForSending(link: { expiresAt: Date | null } | null, now: Date): void {
  if (link && isExpired(link, now))
    throw new AppError(409, EstimateErrorCode.SHARE_LINK_EXPIRED, 'The share link has expired. Extend it before sending the estimate.')
}

/**
 * What the public page and its actions ask before anything of the estimate is shown: the link
 * has not expired (410), and the passcode, when one is set, was given (401) and is right (401),
 * with at most PASSCODE_ATTEMPTS wrong ones per link per window (429, counted in Redis).
 */
export async function assertShareOpen(
  deps: Pick<EstimatesDeps, 'redis' | 'env' | 'clock'>,
  link: { id: string; expiresAt: Date | null; passcodeHash: string | null },
  passcode: string | undefined,
): Promise<void> {
  if (isExpired(link, deps.clock.now())) throw new AppError(410, EstimateErrorCode.SHARE_LINK_EXPIRED, SHARE_LINK_MESSAGES.expired)
  if (!link.passcodeHash) return
  if (!passcode) throw new AppError(401, 'PASSCODE_REQUIRED', SHARE_LINK_MESSAGES.passcodeRequired)
  const key = `${deps.env.REDIS_PREFIX}estimates:passcode:${link.id}`
  const wrong = Number((await deps.redis.get(key)) ?? 0)
  if (wrong >= PASSCODE_ATTEMPTS)
    throw new AppError(429, ErrorCode.RATE_LIMITED, SHARE_LINK_MESSAGES.tooManyAttempts, undefined, { 'Retry-After': String(PASSCODE_WINDOW_SECONDS) })
  if (await verifyPasscode(link.passcodeHash, passcode)) return
  await deps.redis.incr(key)
  await deps.redis.expire(key, PASSCODE_WINDOW_SECONDS)
  throw new AppError(401, 'PASSCODE_INVALID', SHARE_LINK_MESSAGES.passcodeWrong)
}
