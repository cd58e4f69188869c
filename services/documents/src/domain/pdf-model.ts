import type { CompanySettings, ContentSectionType, EstimateDocument } from '@plumbline/contracts'
import { formatCurrency } from '@plumbline/contracts/format'
import { formatCents, formatVarianceRange, parseCents, varianceRange } from '@plumbline/contracts/money'
import { parseRichText, type RichDocument } from '@plumbline/contracts/rich-text'
import { type Branding, brandingFrom } from './branding.js'
import { printableDeep } from './printable.js'
import { formatQuantity } from './quantity.js'

/** Everything the PDF shows, already chosen and formatted: the renderer only lays it out. */
export type PdfModel = {
  pageSize: 'LETTER' | 'A4'
  branding: Branding
  company: { name: string | null; contactLines: string[]; license: string | null }
  title: string
  facts: { label: string; value: string }[]
  /** Content sections as the one parser reads them, the tree the web pages draw too. */
  sections: { heading: string; body: RichDocument }[]
  phases: { name: string; description: string | null; amount: string }[]
  lineItemSections: { name: string; total: string; items: { name: string; quantity: string; unit: string; unitCost: string; total: string }[] }[]
  totals: { label: string; value: string; strong?: boolean }[]
  range: string | null
  disclaimer: string
  /** The client's signed approval, printed as an approval block (approved estimates). */
  approval: {
    signerName: string
    signerEmail: string | null
    decidedAt: string
    ip: string | null
    userAgent: string | null
    sha256: string
    signatureKind: 'drawn' | 'typed'
    signaturePng: Buffer | null
  } | null
}

/** Client-facing sections in reading order; qa_notes is internal and never printed. */
const PRINTABLE: { role: Exclude<ContentSectionType, 'qa_notes'>; heading: string }[] = [
  { role: 'executive_summary', heading: 'Executive Summary' },
  { role: 'project_overview', heading: 'Project Overview' },
  { role: 'scope_of_work', heading: 'Scope of Work' },
  { role: 'timeline', heading: 'Timeline' },
]

const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  pending: 'Pending',
  shared: 'Shared',
  viewed: 'Viewed',
  approved: 'Approved',
  rejected: 'Rejected',
}

export const DISCLAIMER =
  'This estimate is based on the information available at the time of preparation and is provided for planning purposes. ' +
  'Final costs may vary with site conditions, material prices, permits and changes in scope. The estimated range reflects ' +
  'that uncertainty. This document is not a contract; work begins only after a written agreement is signed by both parties.'

export function pageSizeOf(templateSettings: Record<string, unknown>): PdfModel['pageSize'] {
  return String(templateSettings.pageSize ?? '').toUpperCase() === 'A4' ? 'A4' : 'LETTER'
}

function formatDate(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

function contentSections(doc: EstimateDocument): PdfModel['sections'] {
  const included = new Set(doc.contentLinks.filter((l) => l.includeInPdf && l.role !== 'qa_notes').map((l) => l.role))
  return PRINTABLE.filter((s) => included.has(s.role))
    .map((s) => ({ heading: s.heading, body: parseRichText(doc.estimate.contentSections[s.role] ?? '') }))
    .filter((s) => s.body.length > 0)
}

/**
 * The totals block. With priced line items: subtotal, markup and tax as amounts (the internal
 * percentages stay internal), then the grand total. Without: the estimate's own total cost.
 */
function totalsOf(doc: EstimateDocument): PdfModel['totals'] {
  const t = doc.pricing.totals
  const cents = (value: string | null) => parseCents(value) ?? 0n
  if (cents(t.baseTotal) > 0n) {
    const rows: PdfModel['totals'] = [{ label: 'Subtotal', value: formatCurrency(t.baseTotal) }]
    if (cents(t.markupTotal) !== 0n) rows.push({ label: 'Markup', value: formatCurrency(t.markupTotal) })
    if (cents(t.taxTotal) !== 0n) rows.push({ label: 'Tax', value: formatCurrency(t.taxTotal) })
    rows.push({ label: 'Grand Total', value: formatCurrency(t.grandTotal), strong: true })
    return rows
  }
  return [{ label: 'Total Estimated Cost', value: formatCents(cents(doc.estimate.totalCost)), strong: true }]
}

export function buildPdfModel(doc: EstimateDocument, settings: CompanySettings, now = new Date()): PdfModel {
  const e = doc.estimate
  const contactLines = [
    [settings.companyEmail, settings.companyPhone].filter(Boolean).join('  ·  '),
    settings.companyAddress ?? '',
    settings.website ?? '',
  ].filter((l) => l.trim().length > 0)
  // The one range rule the detail page and the public page use too: the estimate's total cost.
  const range = varianceRange(e.totalCost, settings.varianceRangePercentage)
  return printableDeep<PdfModel>({
    pageSize: pageSizeOf(settings.estimateTemplateSettings),
    branding: brandingFrom(settings.brandingColors),
    company: { name: settings.companyName?.trim() || null, contactLines, license: settings.contractorLicense?.trim() || null },
    title: 'Construction Estimate',
    facts: [
      { label: 'Client', value: e.clientName },
      { label: 'Project', value: e.projectName },
      { label: 'Property Address', value: e.propertyAddress },
      { label: 'Date', value: formatDate(now.toISOString()) },
      { label: 'Status', value: STATUS_LABELS[e.status] ?? e.status },
      ...(e.projectType ? [{ label: 'Project Type', value: e.projectType.name }] : []),
    ],
    sections: contentSections(doc),
    phases: doc.phases
      .filter((p) => p.isEnabled && p.status !== 'hidden')
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((p) => ({ name: p.name, description: p.description, amount: formatCurrency(p.amount) })),
    lineItemSections: settings.enableLineItems
      ? doc.sections
          .filter((s) => s.lineItems.length > 0)
          .sort((a, b) => a.sortOrder - b.sortOrder)
          .map((s) => ({
            name: s.name,
            total: formatCurrency(s.total),
            items: [...s.lineItems]
              .sort((a, b) => a.sortOrder - b.sortOrder)
              .map((li) => ({
                name: li.name,
                quantity: formatQuantity(li.quantity),
                unit: li.unit,
                unitCost: formatCurrency(li.unitCost),
                total: formatCurrency(li.totalCost),
              })),
          }))
      : [],
    totals: totalsOf(doc),
    range: range && range.high > 0 ? formatVarianceRange(range) : null,
    disclaimer: DISCLAIMER,
    approval: approvalOf(doc),
  })
}

function approvalOf(doc: EstimateDocument): PdfModel['approval'] {
  const a = doc.approvalRecord
  if (!a) return null
  return {
    signerName: a.signerName,
    signerEmail: a.signerEmail,
    decidedAt: `${new Date(a.decidedAt).toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    ip: a.ip,
    userAgent: a.userAgent,
    sha256: a.snapshotSha256,
    signatureKind: a.signature.kind,
    signaturePng: a.signature.pngBase64 ? Buffer.from(a.signature.pngBase64, 'base64') : null,
  }
}
