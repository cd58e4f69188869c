import { randomUUID } from 'node:crypto'
import type { Estimate as EstimateRow, Prisma } from '../generated/prisma/client.js'
import type { Tx } from './db.js'

/** What every copied row drops: its own id, its estimate, and the timestamps of the original. */
const fresh = <T extends { id?: string; estimateId?: string | null; createdAt?: Date; updatedAt?: Date }>(row: T) => {
  const { id: _id, estimateId: _e, createdAt: _c, updatedAt: _u, ...rest } = row
  return rest
}

/**
 * Copies an estimate's working rows into a new draft `cloneId` of the same organisation: content
 * sections and their links, phases, priced sections with their line items, the estimate's own
 * markup and tax profiles, and the markup/tax selection (pointing at the copies of its own
 * profiles, or at the same organisation templates). Never copied: the share link, client
 * approvals, the lock and view marks (the clone is a new draft no client has seen).
 */
export async function cloneEstimateRows(tx: Tx, orgId: string, sourceId: string, cloneId: string): Promise<void> {
  const where = { estimateId: sourceId, organizationId: orgId }
  const [contents, links, phases, sections, markups, taxes, markupSelection, taxSelections] = await Promise.all([
    tx.contentSection.findMany({ where }),
    tx.contentLink.findMany({ where }),
    tx.estimatePhase.findMany({ where }),
    tx.section.findMany({ where, include: { lineItems: true } }),
    tx.markupProfile.findMany({ where }),
    tx.taxProfile.findMany({ where }),
    tx.estimateMarkupSelection.findFirst({ where }),
    tx.estimateTaxSelection.findMany({ where }),
  ])
  const owned = { estimateId: cloneId, organizationId: orgId }
  await tx.contentSection.createMany({ data: contents.map((c) => ({ ...fresh(c), ...owned })) })
  await tx.contentLink.createMany({ data: links.map((l) => ({ ...fresh(l), ...owned })) })
  await tx.estimatePhase.createMany({ data: phases.map((p) => ({ ...fresh(p), ...owned })) })

  const items: Prisma.LineItemCreateManyInput[] = []
  const sectionCopies = sections.map(({ lineItems, ...s }) => {
    const id = randomUUID()
    for (const i of lineItems) items.push({ ...fresh(i), ...owned, sectionId: id })
    return { ...fresh(s), ...owned, id }
  })
  await tx.section.createMany({ data: sectionCopies })
  await tx.lineItem.createMany({ data: items })

  // The estimate's own profiles get new ids; templates of the organisation are shared, not copied.
  const copyOf = new Map<string, string>()
  const copied = <T extends { id: string }>(rows: T[]) =>
    rows.map((r) => {
      const id = randomUUID()
      copyOf.set(r.id, id)
      return { ...fresh(r), ...owned, id }
    })
  await tx.markupProfile.createMany({ data: copied(markups) })
  await tx.taxProfile.createMany({ data: copied(taxes) })
  const profileId = (id: string) => copyOf.get(id) ?? id
  if (markupSelection) await tx.estimateMarkupSelection.create({ data: { ...owned, markupProfileId: profileId(markupSelection.markupProfileId) } })
  await tx.estimateTaxSelection.createMany({ data: taxSelections.map((s) => ({ ...owned, taxProfileId: profileId(s.taxProfileId) })) })
}

/**
 * Inserts the clone's estimate row: a draft of `createdBy` with the original's details, content
 * and property data (not its status, lock, view, share or reopen fields).
 */
export function insertEstimateCopy(tx: Tx, orgId: string, createdBy: string, source: EstimateRow, projectName: string) {
  return tx.estimate.create({
    data: {
      organizationId: orgId,
      createdBy,
      status: 'draft',
      projectTypeId: source.projectTypeId,
      projectName,
      clientName: source.clientName,
      clientEmail: source.clientEmail,
      propertyAddress: source.propertyAddress,
      squareFootage: source.squareFootage,
      totalCost: source.totalCost,
      specialFeatures: source.specialFeatures,
      meetingTranscript: source.meetingTranscript,
      aiSummary: source.aiSummary,
      propertyData: source.propertyData ?? undefined,
    },
  })
}
