import {
  CONTENT_SECTION_TYPES,
  type ContentSectionType,
  type Estimate,
  fixedText,
  type LineItem,
  moneyText,
  PERCENTAGE_SCALE,
  type Phase,
  quantityText,
  type Section,
  type Template,
  ZEstimateStatus,
} from '@plumbline/contracts'
import type { ShareTokenCrypto } from '../domain/share-token-crypto.js'
import type {
  ContentLink as ContentLinkRow,
  EstimateApproval,
  EstimatePhase,
  Estimate as EstimateRow,
  LineItem as LineItemRow,
  ProjectType as ProjectTypeRow,
  Section as SectionRow,
  ShareLink,
  TemplateLineItem,
  Template as TemplateRow,
  TemplateSection,
} from '../generated/prisma/client.js'

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
const dateOnly = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null)
/** Unknown stored values read as draft (spec 001 §4: an unknown value is styled as draft). */
const statusOf = (s: string) => (ZEstimateStatus.safeParse(s).success ? (s as Estimate['status']) : 'draft')

/** The live share token for the contractor, or null (revoked, absent or unreadable). */
export function liveShareToken(link: Pick<ShareLink, 'revokedAt' | 'tokenCiphertext'> | null | undefined, crypto: ShareTokenCrypto): string | null {
  if (!link || link.revokedAt) return null
  return crypto.decrypt(link.tokenCiphertext)
}

export type EstimateWithRelations = EstimateRow & {
  projectType: Pick<ProjectTypeRow, 'id' | 'name' | 'icon'> | null
  contentSections: { type: string; content: string | null }[]
  shareLink: ShareLink | null
  approvals: EstimateApproval[]
}

export const ESTIMATE_INCLUDE = {
  projectType: { select: { id: true, name: true, icon: true } },
  contentSections: { select: { type: true, content: true } },
  shareLink: true,
  approvals: { orderBy: { decidedAt: 'desc' as const }, take: 1 },
}

export function toEstimateDto(e: EstimateWithRelations, crypto: ShareTokenCrypto): Estimate {
  const contentSections = Object.fromEntries(CONTENT_SECTION_TYPES.map((t) => [t, null])) as Record<ContentSectionType, string | null>
  for (const s of e.contentSections)
    if ((CONTENT_SECTION_TYPES as readonly string[]).includes(s.type)) contentSections[s.type as ContentSectionType] = s.content
  const approval = e.approvals[0]
  return {
    id: e.id,
    projectTypeId: e.projectTypeId,
    projectType: e.projectType ? { id: e.projectType.id, name: e.projectType.name, icon: e.projectType.icon } : null,
    projectName: e.projectName,
    clientName: e.clientName,
    clientEmail: e.clientEmail,
    propertyAddress: e.propertyAddress,
    squareFootage: e.squareFootage,
    totalCost: e.totalCost === null ? null : moneyText(e.totalCost),
    status: statusOf(e.status),
    specialFeatures: e.specialFeatures,
    meetingTranscript: e.meetingTranscript,
    aiSummary: e.aiSummary,
    contentSections,
    shareToken: liveShareToken(e.shareLink, crypto),
    viewedAt: iso(e.viewedAt),
    approval: approval
      ? {
          decision: approval.decision === 'rejected' ? 'rejected' : 'approved',
          signerName: approval.signerName,
          reason: approval.reason,
          decidedAt: approval.decidedAt.toISOString(),
          snapshotSha256: approval.snapshotSha256,
        }
      : null,
    lockedAt: iso(e.lockedAt),
    reopenedAt: iso(e.reopenedAt),
    reopenedBy: e.reopenedBy,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  }
}

const PHASE_STATUSES = ['pending', 'in_progress', 'completed', 'hidden'] as const
export function toPhaseDto(p: EstimatePhase): Phase {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    sortOrder: p.sortOrder,
    estimatedCost: moneyText(p.estimatedCost),
    adjustedCost: p.adjustedCost === null ? null : moneyText(p.adjustedCost),
    percentage: fixedText(p.percentage, PERCENTAGE_SCALE),
    amount: moneyText(p.amount),
    isEnabled: p.isEnabled,
    status: (PHASE_STATUSES as readonly string[]).includes(p.status) ? (p.status as Phase['status']) : 'pending',
    startDate: dateOnly(p.startDate),
    endDate: dateOnly(p.endDate),
    completionPercentage: p.completionPercentage,
  }
}

export function toContentLinkDto(l: ContentLinkRow) {
  return {
    id: l.id,
    role: l.role as ContentSectionType,
    showToClient: l.showToClient,
    includeInPdf: l.includeInPdf,
    includeInWebLink: l.includeInWebLink,
    isCustomized: l.isCustomized,
  }
}

export function toLineItemDto(i: LineItemRow): LineItem {
  return {
    id: i.id,
    sectionId: i.sectionId,
    name: i.name,
    description: i.description,
    category: i.category,
    quantity: quantityText(i.quantity),
    unit: i.unit,
    unitCost: moneyText(i.unitCost),
    totalCost: moneyText(i.totalCost),
    isLabor: i.isLabor,
    isMaterial: i.isMaterial,
    isEquipment: i.isEquipment,
    isSubcontractor: i.isSubcontractor,
    applyMarkup: i.applyMarkup,
    applyTax: i.applyTax,
    vendor: i.vendor,
    partNumber: i.partNumber,
    notes: i.notes,
    sortOrder: i.sortOrder,
  }
}

export function toSectionDto(s: SectionRow & { lineItems: LineItemRow[] }): Section {
  return { id: s.id, name: s.name, description: s.description, total: moneyText(s.total), sortOrder: s.sortOrder, lineItems: s.lineItems.map(toLineItemDto) }
}

/** Line items in display order: sortOrder, then creation. */
export const LINE_ITEM_ORDER = [{ sortOrder: 'asc' as const }, { createdAt: 'asc' as const }, { id: 'asc' as const }]
export const SECTION_ORDER = LINE_ITEM_ORDER

export type TemplateWithSections = TemplateRow & { sections: (TemplateSection & { lineItems: TemplateLineItem[] })[] }
export const TEMPLATE_INCLUDE = {
  sections: {
    orderBy: [{ sortOrder: 'asc' as const }, { id: 'asc' as const }],
    include: { lineItems: { orderBy: [{ sortOrder: 'asc' as const }, { id: 'asc' as const }] } },
  },
}

export function toTemplateDto(t: TemplateWithSections): Template {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    category: t.category,
    isSystemTemplate: t.isSystemTemplate,
    isDefault: t.isDefault,
    sections: t.sections.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      lineItems: s.lineItems.map((i) => ({
        id: i.id,
        name: i.name,
        description: i.description,
        quantity: quantityText(i.quantity),
        unit: i.unit,
        cost: moneyText(i.cost),
      })),
    })),
  }
}
