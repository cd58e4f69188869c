import type { Db, Tx } from './db.js'

// Which markup profile (one or none) and tax profiles an estimate applies. Functions take orgId first.

/** A profile may be applied when it is the organisation's and a template or this estimate's own. */
const usableBy = (orgId: string, estimateId: string) => ({ organizationId: orgId, OR: [{ estimateId: null }, { estimateId }] })

/** How many of these markup / tax profiles the estimate may apply (ids must be uuids). */
export function countUsableMarkupProfiles(db: Db, orgId: string, estimateId: string, id: string): Promise<number> {
  return db.markupProfile.count({ where: { id, ...usableBy(orgId, estimateId) } })
}

export function countUsableTaxProfiles(db: Db, orgId: string, estimateId: string, ids: string[]): Promise<number> {
  return db.taxProfile.count({ where: { id: { in: ids }, ...usableBy(orgId, estimateId) } })
}

/** Replaces the estimate's selection with this markup profile (or none) and these tax profiles. */
export async function replacePricingSelection(
  tx: Tx,
  orgId: string,
  estimateId: string,
  markupProfileId: string | null,
  taxProfileIds: string[],
): Promise<void> {
  await tx.estimateMarkupSelection.deleteMany({ where: { organizationId: orgId, estimateId } })
  if (markupProfileId) await tx.estimateMarkupSelection.create({ data: { estimateId, organizationId: orgId, markupProfileId } })
  await tx.estimateTaxSelection.deleteMany({ where: { organizationId: orgId, estimateId } })
  if (taxProfileIds.length) {
    await tx.estimateTaxSelection.createMany({ data: taxProfileIds.map((taxProfileId) => ({ estimateId, taxProfileId, organizationId: orgId })) })
  }
}

/** What an estimate's totals are computed from: its line items' costs and flags, its markup and tax profiles. */
export async function readPricingInputs(db: Db, orgId: string, estimateId: string) {
  const items = await db.lineItem.findMany({
    where: { organizationId: orgId, estimateId },
    select: { totalCost: true, isLabor: true, isMaterial: true, isEquipment: true, isSubcontractor: true, applyMarkup: true, applyTax: true },
  })
  const markup = await db.estimateMarkupSelection.findFirst({ where: { organizationId: orgId, estimateId }, include: { markupProfile: true } })
  const taxes = await db.estimateTaxSelection.findMany({
    where: { organizationId: orgId, estimateId },
    include: { taxProfile: true },
    orderBy: [{ taxProfile: { name: 'asc' } }, { taxProfileId: 'asc' }],
  })
  return { items, markup, taxes }
}
