import type { MarkupProfileInput, ProfileInputOf, ProfileKind, TaxProfileInput } from '../domain/pricing-profile-kind.js'
import type { Db, Tx } from './db.js'

// Markup and tax profiles, one repository for both kinds; every function takes orgId first.

export type ProfileFields = { markup: ReturnType<typeof markupProfileFields>; tax: ReturnType<typeof taxProfileFields> }

/** The stored fields of a markup profile body (organizationId and estimateId are handled apart). */
const markupProfileFields = (input: MarkupProfileInput) => ({
  name: input.name,
  description: input.description ?? null,
  overheadPercentage: input.overheadPercentage,
  profitPercentage: input.profitPercentage,
  contingencyPercentage: input.contingencyPercentage,
  laborMarkupPercentage: input.laborMarkupPercentage,
  materialMarkupPercentage: input.materialMarkupPercentage,
  equipmentMarkupPercentage: input.equipmentMarkupPercentage,
  subcontractorMarkupPercentage: input.subcontractorMarkupPercentage,
  isDefault: input.isDefault,
})

/** The stored fields of a tax profile body (organizationId and estimateId are handled apart). */
const taxProfileFields = (input: TaxProfileInput) => ({
  name: input.name,
  description: input.description ?? null,
  taxType: input.taxType,
  rate: input.rate,
  jurisdiction: input.jurisdiction ?? null,
  jurisdictionCode: input.jurisdictionCode ?? null,
  applyToLabor: input.applyToLabor,
  applyToMaterials: input.applyToMaterials,
  applyToEquipment: input.applyToEquipment,
  applyToSubcontractors: input.applyToSubcontractors,
  minimumAmount: input.minimumAmount ?? null,
  maximumAmount: input.maximumAmount ?? null,
  exemptionThreshold: input.exemptionThreshold ?? null,
  isDefault: input.isDefault,
  isActive: input.isActive,
})

export function profileFields<K extends ProfileKind>(kind: K, input: ProfileInputOf<K>): ProfileFields[K] {
  return (kind === 'markup' ? markupProfileFields(input as MarkupProfileInput) : taxProfileFields(input as TaxProfileInput)) as ProfileFields[K]
}

export type ProfileRow<K extends ProfileKind> = K extends 'markup'
  ? Awaited<ReturnType<Db['markupProfile']['findFirstOrThrow']>>
  : Awaited<ReturnType<Db['taxProfile']['findFirstOrThrow']>>

/** GET lists: the default first. With estimateId, the templates plus that estimate's own; else templates and live estimates' own. */
export async function listProfileRows<K extends ProfileKind>(db: Db, orgId: string, kind: K, estimateId?: string): Promise<ProfileRow<K>[]> {
  const args = {
    where: {
      organizationId: orgId,
      OR: estimateId ? [{ estimateId: null }, { estimateId }] : [{ estimateId: null }, { estimate: { deletedAt: null } }],
    },
    orderBy: [{ isDefault: 'desc' as const }, { name: 'asc' as const }, { createdAt: 'asc' as const }],
  }
  return (kind === 'markup' ? await db.markupProfile.findMany(args) : await db.taxProfile.findMany(args)) as ProfileRow<K>[]
}

export async function findProfileRow<K extends ProfileKind>(db: Db | Tx, orgId: string, kind: K, id: string): Promise<ProfileRow<K> | null> {
  const where = { id, organizationId: orgId }
  return (kind === 'markup' ? await db.markupProfile.findFirst({ where }) : await db.taxProfile.findFirst({ where })) as ProfileRow<K> | null
}

export type NewProfile<K extends ProfileKind> = ProfileFields[K] & { estimateId: string | null; isTemplate: boolean; createdBy: string }

export async function insertProfileRow<K extends ProfileKind>(tx: Tx, orgId: string, kind: K, fields: NewProfile<K>): Promise<ProfileRow<K>> {
  const data = { ...fields, organizationId: orgId }
  return (
    kind === 'markup'
      ? await tx.markupProfile.create({ data: data as NewProfile<'markup'> & { organizationId: string } })
      : await tx.taxProfile.create({ data: data as NewProfile<'tax'> & { organizationId: string } })
  ) as ProfileRow<K>
}

/** Callers found the row in orgId first (findProfileRow); the id alone then names it. */
export async function updateProfileRow<K extends ProfileKind>(
  tx: Tx,
  orgId: string,
  kind: K,
  id: string,
  fields: ProfileFields[K] & { isTemplate: boolean },
): Promise<ProfileRow<K>> {
  const where = { id, organizationId: orgId }
  const row =
    kind === 'markup'
      ? await tx.markupProfile.update({ where, data: fields as ProfileFields['markup'] })
      : await tx.taxProfile.update({ where, data: fields as ProfileFields['tax'] })
  return row as ProfileRow<K>
}

export async function deleteProfileRow(tx: Tx, orgId: string, kind: ProfileKind, id: string): Promise<void> {
  const where = { id, organizationId: orgId }
  if (kind === 'markup') await tx.markupProfile.delete({ where })
  else await tx.taxProfile.delete({ where })
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

/** Whether an approved (locked), live estimate of orgId has this profile selected. */
export async function isUsedByLockedEstimate(tx: Tx, orgId: string, kind: ProfileKind, profileId: string): Promise<boolean> {
  const where = { organizationId: orgId, estimate: { lockedAt: { not: null }, deletedAt: null } }
  const used =
    kind === 'markup'
      ? await tx.estimateMarkupSelection.findFirst({ where: { ...where, markupProfileId: profileId }, select: { estimateId: true } })
      : await tx.estimateTaxSelection.findFirst({ where: { ...where, taxProfileId: profileId }, select: { estimateId: true } })
  return used !== null
}
