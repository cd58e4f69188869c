import type { ZTemplateInput } from '@plumbline/contracts'
import type { z } from 'zod'
import { type Db, type Tx, visibleTo } from './db.js'
import { TEMPLATE_INCLUDE } from './mappers.js'

// Line-item templates: system rows (organizationId null) for everyone, plus each organisation's
// own. Every function takes orgId first and sees only those two.

export type TemplateInput = z.output<typeof ZTemplateInput>

const templateOrder = [{ isSystemTemplate: 'desc' as const }, { category: 'asc' as const }, { name: 'asc' as const }, { id: 'asc' as const }]

export function listVisibleTemplates(db: Db, orgId: string, category?: string) {
  return db.template.findMany({ where: { ...visibleTo(orgId), ...(category ? { category } : {}) }, include: TEMPLATE_INCLUDE, orderBy: templateOrder })
}

/** A system template or one of orgId's own, with its sections and line items; null otherwise. */
export function findVisibleTemplate(db: Db, orgId: string, id: string) {
  return db.template.findFirst({ where: { id, ...visibleTo(orgId) }, include: TEMPLATE_INCLUDE })
}

/** The bare row of a visible template (for checks before a change). */
export function findVisibleTemplateRow(db: Db, orgId: string, id: string) {
  return db.template.findFirst({ where: { id, ...visibleTo(orgId) } })
}

const headerOf = (input: TemplateInput) => ({ name: input.name, description: input.description?.trim() || null, category: input.category })

export async function insertTemplate(tx: Tx, orgId: string, userId: string, input: TemplateInput) {
  const row = await tx.template.create({
    data: { ...headerOf(input), organizationId: orgId, isDefault: input.isDefault ?? false, isSystemTemplate: false, createdBy: userId },
  })
  await writeTemplateSections(tx, orgId, row.id, input.sections)
  return row
}

/** Replaces an own template's header, default flag (when sent) and all its sections. */
export async function replaceTemplate(tx: Tx, orgId: string, id: string, input: TemplateInput): Promise<void> {
  await tx.template.update({
    where: { id, organizationId: orgId },
    data: { ...headerOf(input), ...(input.isDefault === undefined ? {} : { isDefault: input.isDefault }) },
  })
  await tx.templateSection.deleteMany({ where: { templateId: id, organizationId: orgId } })
  await writeTemplateSections(tx, orgId, id, input.sections)
}

async function writeTemplateSections(tx: Tx, orgId: string, templateId: string, sections: TemplateInput['sections']): Promise<void> {
  for (const [i, s] of sections.entries()) {
    const section = await tx.templateSection.create({
      data: { templateId, organizationId: orgId, name: s.name, description: s.description?.trim() || null, sortOrder: i },
    })
    if (s.lineItems.length) {
      await tx.templateLineItem.createMany({
        data: s.lineItems.map((li, j) => ({
          templateSectionId: section.id,
          organizationId: orgId,
          name: li.name,
          description: li.description?.trim() || null,
          quantity: li.quantity,
          unit: li.unit,
          cost: li.cost,
          sortOrder: j,
        })),
      })
    }
  }
}

export function readTemplate(db: Db, orgId: string, id: string) {
  return db.template.findFirstOrThrow({ where: { id, organizationId: orgId }, include: TEMPLATE_INCLUDE })
}

/** One default per category and organisation: every other default of the category is cleared. */
export async function clearOtherTemplateDefaults(tx: Tx, orgId: string, category: string, keepId: string): Promise<void> {
  await tx.template.updateMany({ where: { organizationId: orgId, category, isDefault: true, id: { not: keepId } }, data: { isDefault: false } })
}

export async function deleteTemplateRow(tx: Tx, orgId: string, id: string): Promise<void> {
  await tx.template.delete({ where: { id, organizationId: orgId } })
}
