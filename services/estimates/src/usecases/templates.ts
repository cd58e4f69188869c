import { ErrorCode, type Template, type ZTemplateInput } from '@plumbline/contracts'
import { AppError, notFound, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import type { EstimatesDeps } from '../deps.js'
import { isUuid } from '@plumbline/service-kit'
import type { Tx } from '../data/db.js'
import { TEMPLATE_INCLUDE, toTemplateDto } from '../data/mappers.js'

// Line-item templates (spec 001 "Template manager"): system templates for everyone, read-only;
// each organisation's own templates, editable by it alone.

export type TemplateInput = z.output<typeof ZTemplateInput>
export const SYSTEM_TEMPLATE_READ_ONLY = 'System templates are read-only. Create your own template to customise it.'

export async function listTemplates(deps: EstimatesDeps, ctx: OrgContext, category?: string): Promise<Template[]> {
  const rows = await deps.prisma.template.findMany({
    where: { OR: [{ organizationId: null }, { organizationId: ctx.orgId }], ...(category ? { category } : {}) },
    include: TEMPLATE_INCLUDE,
    orderBy: [{ isSystemTemplate: 'desc' }, { category: 'asc' }, { name: 'asc' }, { id: 'asc' }],
  })
  return rows.map(toTemplateDto)
}

async function writeSections(tx: Tx, orgId: string, templateId: string, sections: TemplateInput['sections']) {
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

/** One default per category and organisation. */
async function clearOtherDefaults(tx: Tx, orgId: string, category: string, keepId: string) {
  await tx.template.updateMany({ where: { organizationId: orgId, category, isDefault: true, id: { not: keepId } }, data: { isDefault: false } })
}

export async function createTemplate(deps: EstimatesDeps, ctx: OrgContext, input: TemplateInput): Promise<Template> {
  return deps.prisma.$transaction(async (tx) => {
    const t = await tx.template.create({
      data: {
        organizationId: ctx.orgId,
        name: input.name,
        description: input.description?.trim() || null,
        category: input.category,
        isDefault: input.isDefault ?? false,
        isSystemTemplate: false,
        createdBy: ctx.userId,
      },
    })
    await writeSections(tx, ctx.orgId, t.id, input.sections)
    if (t.isDefault) await clearOtherDefaults(tx, ctx.orgId, t.category, t.id)
    return toTemplateDto(await tx.template.findUniqueOrThrow({ where: { id: t.id }, include: TEMPLATE_INCLUDE }))
  })
}

/** The organisation's own template for a change: 404 when unknown or another organisation's, 403 for a system template. */
async function ownTemplate(tx: Tx, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound('Template')
  const t = await tx.template.findFirst({ where: { id, OR: [{ organizationId: null }, { organizationId: orgId }] } })
  if (!t) throw notFound('Template')
  if (t.isSystemTemplate || t.organizationId === null) throw new AppError(403, ErrorCode.FORBIDDEN, SYSTEM_TEMPLATE_READ_ONLY)
  return t
}

/** Replaces name, description, category, default flag and all sections with line items. */
export async function updateTemplate(deps: EstimatesDeps, ctx: OrgContext, id: string, input: TemplateInput): Promise<Template> {
  return deps.prisma.$transaction(async (tx) => {
    const t = await ownTemplate(tx, ctx.orgId, id)
    await tx.template.update({
      where: { id: t.id },
      data: {
        name: input.name,
        description: input.description?.trim() || null,
        category: input.category,
        ...(input.isDefault === undefined ? {} : { isDefault: input.isDefault }),
      },
    })
    await tx.templateSection.deleteMany({ where: { templateId: t.id } })
    await writeSections(tx, ctx.orgId, t.id, input.sections)
    const saved = await tx.template.findUniqueOrThrow({ where: { id: t.id }, include: TEMPLATE_INCLUDE })
    if (saved.isDefault) await clearOtherDefaults(tx, ctx.orgId, saved.category, saved.id)
    return toTemplateDto(saved)
  })
}

export async function deleteTemplate(deps: EstimatesDeps, ctx: OrgContext, id: string): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const t = await ownTemplate(tx, ctx.orgId, id)
    await tx.template.delete({ where: { id: t.id } })
  })
}
