import { isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import type { Db } from '../data/db.js'
import { findLiveEstimate } from '../data/estimates-repo.js'
import { PROFILE_LABEL, type ProfileKind } from '../domain/pricing-profile-kind.js'

// Shared rules of the markup and tax profile use cases (spec 001 §3, §9).

/** A body's organizationId, when sent, must be the path's: another organisation "does not exist". */
export function assertSameOrganization(actor: OrgContext, organizationId: string | undefined): void {
  if (organizationId !== undefined && organizationId !== actor.orgId) throw notFound('Organization')
}

/** An estimate named by a profile must be a live estimate of this organisation (else 404). */
export async function assertEstimateOfOrg(db: Db, orgId: string, estimateId: string | null | undefined): Promise<void> {
  if (estimateId) await findLiveEstimate(db, orgId, estimateId)
}

export const assertProfileId = (id: string, kind: ProfileKind) => {
  if (!isUuid(id)) throw notFound(PROFILE_LABEL[kind])
}
