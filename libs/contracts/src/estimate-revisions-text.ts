// Names and labels of an estimate's revisions and their diff, free of zod so the share page and
// the detail page can use them (subpath @plumbline/contracts/estimate-revisions-text); the
// schemas in estimate-revisions.ts build on them.

export const REVISION_REASONS = ['sent', 'viewed'] as const
export const CHANGE_KINDS = ['added', 'removed', 'changed'] as const

export const LINE_ITEM_DIFF_FIELDS = ['name', 'description', 'quantity', 'unit', 'unitCost', 'totalCost'] as const
export type LineItemDiffField = (typeof LINE_ITEM_DIFF_FIELDS)[number]

export const PHASE_DIFF_FIELDS = ['name', 'description', 'amount', 'percentage'] as const
export type PhaseDiffField = (typeof PHASE_DIFF_FIELDS)[number]

export const DETAIL_DIFF_FIELDS = ['projectName', 'clientName', 'propertyAddress', 'squareFootage', 'projectType'] as const
export type DetailDiffField = (typeof DETAIL_DIFF_FIELDS)[number]

/** How the diff names the estimate's own fields. */
export const DETAIL_FIELD_LABELS: Record<DetailDiffField, string> = {
  projectName: 'Project name',
  clientName: 'Client name',
  propertyAddress: 'Property address',
  squareFootage: 'Square footage',
  projectType: 'Project type',
}

/** How the diff names a line item's and a phase's fields. */
export const ITEM_FIELD_LABELS: Record<LineItemDiffField | PhaseDiffField, string> = {
  name: 'Name',
  description: 'Description',
  quantity: 'Quantity',
  unit: 'Unit',
  unitCost: 'Unit cost',
  totalCost: 'Total',
  amount: 'Amount',
  percentage: 'Share of budget',
}

export const REVISION_TEXT = {
  updatedBanner: 'Updated since you last viewed',
  /** The team's list while nothing was frozen yet. */
  empty: 'No revisions yet. Each time you send the estimate, or your client opens the link after an edit, what they see is saved here.',
  clientView: 'Client view',
} as const
