import { AppError, notFound, requirePermission, type OrgContext } from '@plumbline/service-kit'
import { ErrorCode, type PermissionAction } from '@plumbline/contracts'
import type { Db, Tx } from '../data/db.js'
import { isUuid } from '@plumbline/service-kit'
import { findLiveEstimate } from '../data/estimates-repo.js'

// Shared rules of the markup and tax profile use cases (spec 001 §3, §9).

export type ProfileKind = 'markup' | 'tax'

/** Markup and tax belong to the cost estimator module. */
export const requireCostEstimator = (actor: OrgContext, action: PermissionAction) => requirePermission(actor, 'cost_estimator', action)

/** A body's organizationId, when sent, must be the path's: another organisation "does not exist". */
export function assertSameOrganization(actor: OrgContext, organizationId: string | undefined): void {
  if (organizationId !== undefined && organizationId !== actor.orgId) throw notFound('Organization')
}

/** An estimate named by a profile must be a live estimate of this organisation (else 404). */
export async function assertEstimateOfOrg(db: Db, orgId: string, estimateId: string | null | undefined): Promise<void> {
  if (estimateId) await findLiveEstimate(db, orgId, estimateId)
}

/**
 * "Only one default per organisation per kind": a transaction-scoped advisory lock serialises
 * concurrent default changes of one organisation, then every other default is cleared, so the
 * profile being saved (`keepId`, or the one about to be created) is the only default.
 */
export async function clearOtherDefaults(tx: Tx, orgId: string, kind: ProfileKind, keepId?: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`pricing-default:${kind}:${orgId}`}))`
  const where = { organizationId: orgId, isDefault: true, ...(keepId ? { id: { not: keepId } } : {}) }
  if (kind === 'markup') await tx.markupProfile.updateMany({ where, data: { isDefault: false } })
  else await tx.taxProfile.updateMany({ where, data: { isDefault: false } })
}

/**
 * Changing or deleting a profile that an approved (locked) estimate uses would change what the
 * client approved after the fact: refused until the contractor reopens that estimate.
 */
export async function assertNotUsedByLockedEstimate(tx: Tx, orgId: string, kind: ProfileKind, profileId: string): Promise<void> {
  const where = { organizationId: orgId, estimate: { lockedAt: { not: null }, deletedAt: null } }
  const used =
    kind === 'markup'
      ? await tx.estimateMarkupSelection.findFirst({ where: { ...where, markupProfileId: profileId }, select: { estimateId: true } })
      : await tx.estimateTaxSelection.findFirst({ where: { ...where, taxProfileId: profileId }, select: { estimateId: true } })
  if (used)
    throw new AppError(409, ErrorCode.CONFLICT, `This ${kind} profile is used by an estimate the client approved. Reopen that estimate before changing it.`)
}

export const assertProfileId = (id: string, kind: ProfileKind) => {
  if (!isUuid(id)) throw notFound(kind === 'markup' ? 'Markup profile' : 'Tax profile')
}
