import {
  CONTENT_SECTION_TYPES,
  type CompanySettings,
  type ContentSectionType,
  DEFAULT_VARIANCE_PERCENTAGE,
  type EstimateStatus,
  fixedText as fixed,
  type PublicEstimate,
  ZEstimateStatus,
} from '@plumbline/contracts'
import { findLatestApproval } from '../data/approvals-repo.js'
import { listClientContent } from '../data/content-repo.js'
import type { Db } from '../data/db.js'
import { listClientPhases } from '../data/phases-repo.js'
import { listClientSections } from '../data/sections-repo.js'
import type { PublicEstimateRow } from './find-public-share.js'
import { loadEstimateTotals } from './load-estimate-totals.js'

// What a client may see on the public page (spec 001 "Public estimate page", §6), built as an
// allow-list: every field is copied on purpose, so nothing internal (qa_notes, the meeting
// transcript, AI summary, special features, client email, markup percentages, tax profiles,
// hidden or disabled phases, ids of users) can leak by being added to a table later.

/** Titles of the client-visible sections; qa_notes is never shown to clients. */
const SECTION_TITLES: Record<Exclude<ContentSectionType, 'qa_notes'>, string> = {
  executive_summary: 'Executive Summary',
  project_overview: 'Project Overview',
  scope_of_work: 'Scope of Work',
  timeline: 'Timeline',
}
const CLIENT_SECTION_TYPES = CONTENT_SECTION_TYPES.filter((t): t is Exclude<ContentSectionType, 'qa_notes'> => t !== 'qa_notes')

/** Unknown stored values read as draft, as everywhere else (spec 001 §4). */
const statusOf = (s: string): EstimateStatus => (ZEstimateStatus.safeParse(s).success ? (s as EstimateStatus) : 'draft')

/** The payload as a decision records it: everything but the hash of itself. */
export type PublicSnapshot = Omit<PublicEstimate, 'snapshotSha256' | 'sinceLastView'>

async function visibleContentSections(db: Db, orgId: string, estimateId: string): Promise<PublicEstimate['contentSections']> {
  const { sections, links } = await listClientContent(db, orgId, estimateId)
  const out: PublicEstimate['contentSections'] = []
  for (const type of CLIENT_SECTION_TYPES) {
    const link = links.find((l) => l.role === type)
    // Spec 001 §3: a content link's flags default to true; a missing link means the defaults.
    if (link && (!link.showToClient || !link.includeInWebLink)) continue
    const content = sections.find((s) => s.type === type)?.content?.trim()
    if (content) out.push({ type, title: SECTION_TITLES[type], content })
  }
  return out
}

async function visiblePhases(db: Db, orgId: string, estimateId: string): Promise<PublicEstimate['phases']> {
  const phases = await listClientPhases(db, orgId, estimateId)
  return phases.map((p) => ({ id: p.id, name: p.name, description: p.description, amount: fixed(p.amount, 2), percentage: fixed(p.percentage, 2) }))
}

async function itemisedSections(db: Db, orgId: string, estimateId: string): Promise<NonNullable<PublicEstimate['sections']>> {
  const sections = await listClientSections(db, orgId, estimateId)
  return sections.map((s) => ({
    id: s.id,
    name: s.name,
    total: fixed(s.total, 2),
    lineItems: s.lineItems.map((i) => ({
      id: i.id,
      name: i.name,
      description: i.description?.trim() || null,
      quantity: fixed(i.quantity, 3),
      unit: i.unit,
      unitCost: fixed(i.unitCost, 2),
      totalCost: fixed(i.totalCost, 2),
    })),
  }))
}

/** The decision on record since the last reopen, if the status still says so. */
export async function currentApproval(db: Db, estimate: PublicEstimateRow): Promise<PublicEstimate['approval']> {
  if (estimate.status !== 'approved' && estimate.status !== 'rejected') return null
  const row = await findLatestApproval(db, estimate.organizationId, estimate.id, estimate.reopenedAt)
  if (!row || row.decision !== estimate.status) return null
  return {
    decision: row.decision as 'approved' | 'rejected',
    signerName: row.signerName,
    reason: row.reason,
    decidedAt: row.decidedAt.toISOString(),
    snapshotSha256: row.snapshotSha256,
  }
}

/**
 * The public payload of an estimate as a decision records it (approval null: the client has not
 * decided yet). Line items (by section) and the grand total with markup and tax appear only when
 * the organisation itemises estimates (enableLineItems).
 */
export async function buildPublicEstimate(db: Db, estimate: PublicEstimateRow, settings: CompanySettings): Promise<PublicSnapshot> {
  const orgId = estimate.organizationId
  const itemised = settings.enableLineItems
  const sections = itemised ? await itemisedSections(db, orgId, estimate.id) : null
  const hasItems = !!sections?.some((s) => s.lineItems.length)
  return {
    id: estimate.id,
    projectName: estimate.projectName,
    clientName: estimate.clientName,
    propertyAddress: estimate.propertyAddress,
    squareFootage: estimate.squareFootage,
    totalCost: estimate.totalCost === null ? null : fixed(estimate.totalCost, 2),
    status: statusOf(estimate.status),
    projectType: estimate.projectType?.name ?? null,
    updatedAt: estimate.updatedAt.toISOString(),
    contentSections: await visibleContentSections(db, orgId, estimate.id),
    phases: await visiblePhases(db, orgId, estimate.id),
    sections,
    grandTotal: hasItems ? (await loadEstimateTotals(db, orgId, estimate.id)).totals.grandTotal : null,
    varianceRangePercentage: settings.varianceRangePercentage || DEFAULT_VARIANCE_PERCENTAGE,
    companyName: settings.companyName,
    companyLogo: publicLogoOf(orgId, settings),
    approval: null,
  }
}

/**
 * The client's browser cannot read the organisation's logo/view (it needs a sign-in): an uploaded
 * logo is served to clients by the documents service at /api/public/logos/{orgId}, a logo URL is
 * shown as given (the documents service checked it when it was saved).
 */
export function publicLogoOf(orgId: string, settings: Pick<CompanySettings, 'logoFileData' | 'logoUrl' | 'logoFileSize'>): string | null {
  if (settings.logoFileData) return `/api/public/logos/${encodeURIComponent(orgId)}?v=${settings.logoFileSize ?? 0}`
  return settings.logoUrl
}
