import { EstimateErrorCode } from '@plumbline/contracts'
import { AppError } from '@plumbline/service-kit'

export const ESTIMATE_LOCKED_MESSAGE = 'This estimate was approved by the client and is locked. Reopen it to make changes.'

export const estimateLockedError = () => new AppError(409, EstimateErrorCode.ESTIMATE_LOCKED, ESTIMATE_LOCKED_MESSAGE)

/** Edits of an approved (locked) estimate are refused until the contractor reopens it. */
export function assertUnlocked(estimate: { lockedAt: Date | null }): void {
  if (estimate.lockedAt) throw estimateLockedError()
}
