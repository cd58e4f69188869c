import { ErrorCode, type Template } from '@plumbline/contracts'
import { AppError, isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import { inTransaction, type Tx } from '../data/db.js'
import { toTemplateDto } from '../data/mappers.js'
import {
  clearOtherTemplateDefaults,
  deleteTemplateRow,
  findVisibleTemplateRow,
  insertTemplate,
  listVisibleTemplates,
  readTemplate,
  replaceTemplate,
  type TemplateInput,
} from '../data/templates-repo.js'
import type { EstimatesDeps } from '../deps.js'

// Line-item templates (spec 001 "Template manager"): system templates for everyone, read-only;
// each organisation's own templates, editable by it alone.

export const SYSTEM_TEMPLATE_READ_ONLY = 'System templates are read-only. Create your own template to customise it.'

export async function listTemplates(deps: EstimatesDeps, ctx: OrgContext, category?: string): Promise<Template[]> {
  return (await listVisibleTemplates(deps.prisma, ctx.orgId, category)).map(toTemplateDto)
}

export async function createTemplate(deps: EstimatesDeps, ctx: OrgContext, input: TemplateInput): Promise<Template> {
  return inTransaction(deps, async (tx) => {
    const t = await insertTemplate(tx, ctx.orgId, ctx.userId, input)
    if (t.isDefault) await clearOtherTemplateDefaults(tx, ctx.orgId, t.category, t.id)
    return toTemplateDto(await readTemplate(tx, ctx.orgId, t.id))
  })
}

/** The organisation's own template for a change: 404 when unknown or another organisation's, 403 for a system template. */
async function ownTemplate(tx: Tx, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound('Template')
  const t = await findVisibleTemplateRow(tx, orgId, id)
  if (!t) throw notFound('Template')
  if (t.isSystemTemplate || t.organizationId === null) throw new AppError(403, ErrorCode.FORBIDDEN, SYSTEM_TEMPLATE_READ_ONLY)
  return t
}

/** Replaces name, description, category, default flag and all sections with line items. */
export async function updateTemplate(deps: EstimatesDeps, ctx: OrgContext, id: string, input: TemplateInput): Promise<Template> {
  return inTransaction(deps, async (tx) => {
    const t = await ownTemplate(tx, ctx.orgId, id)
    await replaceTemplate(tx, ctx.orgId, t.id, input)
    const saved = await readTemplate(tx, ctx.orgId, t.id)
    if (saved.isDefault) await clearOtherTemplateDefaults(tx, ctx.orgId, saved.category, saved.id)
    return toTemplateDto(saved)
  })
}

export async function deleteTemplate(deps: EstimatesDeps, ctx: OrgContext, id: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const t = await ownTemplate(tx, ctx.orgId, id)
    await deleteTemplateRow(tx, ctx.orgId, t.id)
  })
}
