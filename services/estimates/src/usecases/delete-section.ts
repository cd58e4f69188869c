import type { OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { findSectionOfOrg, touchEditableEstimate } from '../data/estimates-repo.js'
import { countSectionItems } from '../data/line-items-repo.js'
import { deleteSectionRow } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordLineItemsChanged } from '../events/record-event.js'

/** Removes a section with its line items. */
export async function deleteSection(deps: EstimatesDeps, ctx: OrgContext, sectionId: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const section = await findSectionOfOrg(tx, ctx.orgId, sectionId)
    await touchEditableEstimate(tx, ctx.orgId, section.estimateId)
    const items = await countSectionItems(tx, ctx.orgId, section.id)
    await deleteSectionRow(tx, ctx.orgId, section.id)
    if (items > 0) await recordLineItemsChanged(tx, ctx.orgId, ctx.userId, { estimateId: section.estimateId, sectionId: section.id, change: 'section_deleted' })
  })
}
