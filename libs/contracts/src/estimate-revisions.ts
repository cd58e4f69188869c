import { z } from 'zod'
import { CHANGE_KINDS, DETAIL_DIFF_FIELDS, LINE_ITEM_DIFF_FIELDS, PHASE_DIFF_FIELDS, REVISION_REASONS } from './estimate-revisions-text.js'

export * from './estimate-revisions-text.js'

// Revisions of an estimate: what the client could see, frozen at each send and at each view of
// the share link after an edit, and what changed between two of them. Built from the client's
// view of the estimate only, so a diff never carries anything the share page does not show.

const id = z.string().min(1).max(64)

export const ZRevisionReason = z.enum(REVISION_REASONS)
export type RevisionReason = z.infer<typeof ZRevisionReason>

/** One revision as the team's list shows it: who froze it (a member's send, or the client's view), when, and its totals. */
export const ZEstimateRevision = z.object({
  id,
  /** 1, 2, 3… per estimate, in the order they were frozen. */
  number: z.number().int().positive(),
  reason: ZRevisionReason,
  /** The member who sent; null for the client's view. */
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
  totalCost: z.string().nullable(),
  grandTotal: z.string().nullable(),
})
export type EstimateRevision = z.infer<typeof ZEstimateRevision>

export const ZChangeKind = z.enum(CHANGE_KINDS)
export type ChangeKind = z.infer<typeof ZChangeKind>

/** Before and after of one value (null where there was none). */
export const ZValueChange = z.object({ before: z.string().nullable(), after: z.string().nullable() })
export type ValueChange = z.infer<typeof ZValueChange>

export const ZRevisionLineItem = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.string(),
  unit: z.string(),
  unitCost: z.string(),
  totalCost: z.string(),
})
export type RevisionLineItem = z.infer<typeof ZRevisionLineItem>

/** A line item added, removed, or changed (`changed` names what moved; before/after hold the whole item). */
export const ZLineItemChange = z.object({
  id,
  change: ZChangeKind,
  /** The item's name now, or as it was when removed. */
  name: z.string(),
  before: ZRevisionLineItem.nullable(),
  after: ZRevisionLineItem.nullable(),
  changed: z.array(z.enum(LINE_ITEM_DIFF_FIELDS)),
})
export type LineItemChange = z.infer<typeof ZLineItemChange>

export const ZSectionChange = z.object({
  id,
  change: ZChangeKind,
  name: z.string(),
  before: z.object({ name: z.string(), total: z.string() }).nullable(),
  after: z.object({ name: z.string(), total: z.string() }).nullable(),
  changed: z.array(z.enum(['name', 'total'])),
  lineItems: z.array(ZLineItemChange),
})
export type SectionChange = z.infer<typeof ZSectionChange>

/** A content section (executive summary, scope of work…) the client sees: added, removed or edited, with both texts. */
export const ZContentSectionChange = z.object({
  type: z.string(),
  title: z.string(),
  change: ZChangeKind,
  before: z.string().nullable(),
  after: z.string().nullable(),
})
export type ContentSectionChange = z.infer<typeof ZContentSectionChange>

export const ZRevisionPhase = z.object({ id, name: z.string(), description: z.string().nullable(), amount: z.string(), percentage: z.string() })
export const ZPhaseChange = z.object({
  id,
  change: ZChangeKind,
  name: z.string(),
  before: ZRevisionPhase.nullable(),
  after: ZRevisionPhase.nullable(),
  changed: z.array(z.enum(PHASE_DIFF_FIELDS)),
})
export type PhaseChange = z.infer<typeof ZPhaseChange>

export const ZDetailChange = ZValueChange.extend({ field: z.enum(DETAIL_DIFF_FIELDS) })
export type DetailChange = z.infer<typeof ZDetailChange>

/**
 * What changed from one revision to another. Only what moved is listed; `totals` always holds
 * both sides (the estimated total, and the itemised total with markup and tax when itemised).
 */
export const ZRevisionDiff = z.object({
  /** Anything at all changed (false: the two revisions show the client the same estimate). */
  changed: z.boolean(),
  details: z.array(ZDetailChange),
  sections: z.array(ZSectionChange),
  contentSections: z.array(ZContentSectionChange),
  phases: z.array(ZPhaseChange),
  totals: z.object({ totalCost: ZValueChange, grandTotal: ZValueChange, changed: z.boolean() }),
})
export type RevisionDiff = z.infer<typeof ZRevisionDiff>

/** GET …/estimates/{id}/revisions/diff?from=&to=: two of the estimate's revisions (either order). */
export const ZRevisionDiffQuery = z.object({
  from: z.uuid({ error: 'Choose the revision to compare from' }),
  to: z.uuid({ error: 'Choose the revision to compare to' }),
})
export type RevisionDiffQuery = z.infer<typeof ZRevisionDiffQuery>

export const ZRevisionDiffResult = z.object({ from: ZEstimateRevision, to: ZEstimateRevision, diff: ZRevisionDiff })
export type RevisionDiffResult = z.infer<typeof ZRevisionDiffResult>

/**
 * On the client's page (GET /public/estimates/{token}): what changed since this link last showed
 * the estimate, when it changed; null on a first view, when nothing changed, and for the team's
 * own preview.
 */
export const ZChangesSinceLastView = z.object({
  /** When this link first showed the client the version they saw last. */
  since: z.string(),
  diff: ZRevisionDiff,
})
export type ChangesSinceLastView = z.infer<typeof ZChangesSinceLastView>
