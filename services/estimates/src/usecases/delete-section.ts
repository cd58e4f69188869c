import type { OrgContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { findSectionOfOrg, touchEditableEstimate } from '../data/estimates-repo.js'
import { recordLineItemsChanged } from '../events/record-event.js'

/** Removes a section with its line items. */
export async function deleteSection(deps: EstimatesDeps, ctx: OrgContext, sectionId: string): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const section = await findSectionOfOrg(tx, ctx.orgId, sectionId)
    await touchEditableEstimate(tx, ctx.orgId, section.estimateId)
    const items = await tx.lineItem.count({ where: { sectionId: section.id } })
    await tx.section.delete({ where: { id: section.id } })
    if (items > 0) await recordLineItemsChanged(tx, ctx.orgId, ctx.userId, { estimateId: section.estimateId, sectionId: section.id, change: 'section_deleted' })
  })
}
