import { lineTotal, moneyText, quantityText } from '@plumbline/contracts'
import { isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { touchEditableEstimate } from '../data/estimates-repo.js'
import { insertLineItems } from '../data/line-items-repo.js'
import { countSections, insertSection, recomputeSectionTotal } from '../data/sections-repo.js'
import { findVisibleTemplate } from '../data/templates-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordLineItemsChanged } from '../events/record-event.js'

/**
 * Copies a template's sections and line items (quantity, unit, cost as unit cost) after the
 * estimate's existing sections. Any system template or one of the organisation's own.
 */
export async function applyTemplate(
  deps: EstimatesDeps,
  ctx: OrgContext,
  estimateId: string,
  templateId: string,
): Promise<{ sectionsCreated: number; lineItemsCreated: number }> {
  if (!isUuid(templateId)) throw notFound('Template')
  return inTransaction(deps, async (tx) => {
    const e = await touchEditableEstimate(tx, ctx.orgId, estimateId)
    const template = await findVisibleTemplate(tx, ctx.orgId, templateId)
    if (!template) throw notFound('Template')
    const existing = await countSections(tx, ctx.orgId, e.id)
    let lineItemsCreated = 0
    for (const [i, ts] of template.sections.entries()) {
      const section = await insertSection(tx, ctx.orgId, { estimateId: e.id, name: ts.name, description: ts.description, sortOrder: existing + i })
      if (ts.lineItems.length) {
        await insertLineItems(
          tx,
          ctx.orgId,
          ts.lineItems.map((li, j) => ({
            sectionId: section.id,
            estimateId: e.id,
            name: li.name,
            description: li.description,
            quantity: quantityText(li.quantity),
            unit: li.unit,
            unitCost: moneyText(li.cost),
            totalCost: lineTotal(li.quantity, li.cost),
            sortOrder: j,
          })),
        )
        lineItemsCreated += ts.lineItems.length
        await recomputeSectionTotal(tx, section.id)
      }
    }
    await recordLineItemsChanged(tx, ctx.orgId, ctx.userId, { estimateId: e.id, sectionId: null, change: 'template_applied' })
    return { sectionsCreated: template.sections.length, lineItemsCreated }
  })
}
