import { z } from 'zod'
import { columnMaxText, columnMaxUnits, decimalField, NUMERIC_COLUMNS } from './decimals.js'
import { ESTIMATE_SORT_FIELDS, ESTIMATE_STATUSES, PAGE_SIZES } from './estimate-list-options.js'
import { ZChangesSinceLastView } from './estimate-revisions.js'
import { ZReminderSettings, ZReminderState } from './estimate-sending.js'
import { lineTotalCents, percentageText, percentageUnits } from './money/cents.js'
import { SHARE_LINK_MESSAGES } from './share-link-text.js'
import { nameText } from './text.js'

export * from './share-link-text.js'

// Estimates service contracts (spec 000 §2–§3, §7 and spec 001 §2–§9). Money, quantities and
// rates travel as decimal strings ("1234.50", "12.500", "0.0825"); requests may send numbers.

const id = z.string().min(1).max(64)
const text = (max: number) => z.string().max(max)

// Bounded decimal fields, one per column type (see decimals.ts for the sign decisions).
const quantityField = (message = 'Quantity is required') => decimalField(NUMERIC_COLUMNS.quantity, { message, min: '0', label: 'Quantity' })
const unitCostField = (message = 'Unit cost is required') => decimalField(NUMERIC_COLUMNS.unitCost, { message, min: '0', label: 'Unit cost' })
const moneyField = (label: string, message = 'Must be a number') => decimalField(NUMERIC_COLUMNS.money, { message, min: '0', label })
const percentageField = (rangeMessage: string, message = 'Must be a number') =>
  decimalField(NUMERIC_COLUMNS.percentage, { message, min: '0', max: '100', rangeMessage })

/** The message when quantity × unit cost does not fit a line item's total_cost column. */
export const LINE_TOTAL_TOO_LARGE = `Line total (quantity × unit cost) must be at most ${columnMaxText(NUMERIC_COLUMNS.money)}`

/** Adds an issue on `path` when quantity × unit cost rounds past the money column (finding 6). */
function checkLineTotal(quantity: string, unitCost: string, ctx: z.RefinementCtx, path: string): void {
  const units = lineTotalCents(quantity, unitCost)
  if (units !== null && units > columnMaxUnits(NUMERIC_COLUMNS.money)) ctx.addIssue({ code: 'custom', message: LINE_TOTAL_TOO_LARGE, path: [path] })
}

// ── Status workflow ────────────────────────────────────────────────────────────────────────
export const ZEstimateStatus = z.enum(ESTIMATE_STATUSES)
export type EstimateStatus = z.infer<typeof ZEstimateStatus>
/** Statuses a contractor may set by hand (spec 001 §4 lists approved, pending, draft, shared, rejected). */
export const ZManualStatus = z.object({ status: z.enum(['draft', 'pending', 'approved', 'rejected']) })

// ── Project types, phase groups, templates ─────────────────────────────────────────────────
/** Spec 001 §3 "Phase": a share of the budget (percentage, 2 decimals) and comma-separated cost codes. */
export const ZPhaseGroupPhase = z.object({ id, name: z.string(), description: z.string().nullable(), percentage: z.string(), costCode: z.string().nullable() })
/** Spec 001 §3 "Phase group" as linked to a project type: the link carries isDefault. */
export const ZLinkedPhaseGroup = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  phases: z.array(ZPhaseGroupPhase),
})
export const ZProjectType = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string(),
  isSystemTemplate: z.boolean(),
  phaseGroups: z.array(ZLinkedPhaseGroup),
})
export type ProjectType = z.infer<typeof ZProjectType>

// Settings "Phase Groups" and "Project Types" tabs (spec 001 §2, §3, §5, §7, §8).
/** Icons a custom project type may choose (spec 001 §3); system types may carry others. */
export const PROJECT_TYPE_ICONS = ['hammer', 'home', 'building', 'package', 'layers'] as const
export const ZProjectTypeIcon = z.enum(PROJECT_TYPE_ICONS)
export const PROJECT_TYPE_NAME_REQUIRED = 'Project type name is required'
export const PHASE_GROUP_NAME_REQUIRED = 'Phase group name is required'
export const PHASE_NAME_REQUIRED = 'Phase name is required'
export const PHASE_PERCENTAGE_REQUIRED = 'Percentage is required'
export const PHASE_PERCENTAGE_RANGE = 'Percentage must be between 0 and 100'
/** Spec 001 §8, the toast for editing a system project type (title, then text). */
export const SYSTEM_PROJECT_TYPE_TITLE = 'Cannot Edit System Template'
export const SYSTEM_PROJECT_TYPE_READ_ONLY = 'System default project types cannot be edited. They are built-in templates provided by the system.'
export const SYSTEM_PHASE_GROUP_READ_ONLY =
  'System phase groups cannot be edited. They are built-in templates provided by the system; create your own group to customise phases.'

const requiredName = (message: string) => z.string({ error: message }).trim().min(1, message).max(200)
const optionalText = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => v?.trim() || null)

export const ZProjectTypeInput = z.object({
  name: requiredName(PROJECT_TYPE_NAME_REQUIRED),
  description: optionalText(2000),
  icon: z.enum(PROJECT_TYPE_ICONS, { error: `Icon must be one of ${PROJECT_TYPE_ICONS.join(', ')}` }).default('package'),
  sortOrder: z.number().int().min(0).max(100000).optional(),
})
export type ProjectTypeInput = z.input<typeof ZProjectTypeInput>
export const ZPhaseGroupLinkInput = z.object({ isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional() })

/** A phase of a phase group as the settings tab edits it. */
export const ZSettingsPhase = ZPhaseGroupPhase.extend({ phaseGroupId: id, sortOrder: z.number().int() })
export type SettingsPhase = z.infer<typeof ZSettingsPhase>
export const ZPhaseGroup = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  isSystemTemplate: z.boolean(),
  phases: z.array(ZSettingsPhase),
  /** The project types (visible to the organisation) that link this group; deleting the group unlinks them. */
  projectTypes: z.array(z.object({ id, name: z.string(), isDefault: z.boolean() })),
})
export type PhaseGroup = z.infer<typeof ZPhaseGroup>
export const ZPhaseGroupInput = z.object({ name: requiredName(PHASE_GROUP_NAME_REQUIRED), description: optionalText(2000) })
export type PhaseGroupInput = z.input<typeof ZPhaseGroupInput>
/** Spec 001 §3 create/update payload: name, description, costCodes (comma-separated), defaultPercentage (0–100, step 0.01), sortOrder. */
export const ZPhaseInput = z.object({
  name: requiredName(PHASE_NAME_REQUIRED),
  description: optionalText(2000),
  costCodes: optionalText(500),
  defaultPercentage: percentageField(PHASE_PERCENTAGE_RANGE, PHASE_PERCENTAGE_REQUIRED),
  sortOrder: z.number({ error: 'sortOrder must be a whole number' }).int('sortOrder must be a whole number').min(0).max(100000).optional(),
})
export type PhaseInput = z.input<typeof ZPhaseInput>

export const TEMPLATE_CATEGORIES = [
  'roofing',
  'painting',
  'general_construction',
  'electrical',
  'plumbing',
  'flooring',
  'landscaping',
  'hvac',
  'other',
] as const
export const ZTemplateCategory = z.enum(TEMPLATE_CATEGORIES)
/** GET …/templates?category=…: one category, or all. */
export const ZTemplateListQuery = z.object({ category: ZTemplateCategory.optional() })
export const ZTemplateLineItem = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.string(),
  unit: z.string(),
  cost: z.string(),
})
export const ZTemplateSection = z.object({ id, name: z.string(), description: z.string().nullable(), lineItems: z.array(ZTemplateLineItem) })
export const ZTemplate = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  isSystemTemplate: z.boolean(),
  isDefault: z.boolean(),
  sections: z.array(ZTemplateSection),
})
export type Template = z.infer<typeof ZTemplate>
export const ZTemplateInput = z.object({
  name: z.string({ error: 'Template name is required' }).trim().min(1, 'Template name is required').max(200),
  description: text(2000).optional().nullable(),
  category: z.string({ error: 'Please select a category' }).min(1, 'Please select a category').pipe(ZTemplateCategory),
  isDefault: z.boolean().optional(),
  sections: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Section name is required').max(200),
        description: text(2000).optional().nullable(),
        lineItems: z
          .array(
            z
              .object({
                name: z.string().trim().min(1, 'Item name is required').max(200),
                description: text(2000).optional().nullable(),
                quantity: quantityField('Must be a number').default('1.000'),
                unit: z.string().max(20).default('each'),
                cost: unitCostField('Must be a number').default('0.00'),
              })
              .superRefine((item, ctx) => checkLineTotal(item.quantity, item.cost, ctx, 'cost')),
          )
          .max(500)
          .default([]),
      }),
    )
    .max(100)
    .default([]),
})
export const ZApplyTemplateBody = z.object({ templateId: id })
export const ZApplyTemplateResult = z.object({ sectionsCreated: z.number().int(), lineItemsCreated: z.number().int() })

// ── Estimates ──────────────────────────────────────────────────────────────────────────────
/** Create/update payload (spec 000 §3). Required-field messages are the spec's. */
export const ZEstimatePayload = z.object({
  projectTypeId: z.string({ error: 'Please select a project type' }).min(1, 'Please select a project type').max(64),
  projectName: nameText(z.string({ error: 'Project name is required' }).trim().min(1, 'Project name is required').max(300)),
  clientName: nameText(z.string({ error: 'Client name is required' }).trim().min(1, 'Client name is required').max(200)),
  clientEmail: z
    .union([z.literal(''), z.string().trim().toLowerCase().max(254).email('Please enter a valid email')])
    .optional()
    .nullable(),
  propertyAddress: z.string({ error: 'Property address is required' }).trim().min(1, 'Property address is required').max(500),
  totalCost: z
    .union([z.string(), z.number()], { error: 'Total cost is required' })
    .refine((v) => String(v).trim() !== '', 'Total cost is required')
    .pipe(moneyField('Total cost', 'Total cost must be a number')),
  squareFootage: z.union([z.number().int().min(0).max(10_000_000), z.null()]).optional(),
  specialFeatures: text(10_000).optional().nullable(),
  meetingTranscript: text(200_000).optional().nullable(),
  aiSummary: text(20_000).optional().nullable(),
})
export type EstimatePayload = z.input<typeof ZEstimatePayload>

export const CONTENT_SECTION_TYPES = ['executive_summary', 'project_overview', 'scope_of_work', 'timeline', 'qa_notes'] as const
export const ZContentSectionType = z.enum(CONTENT_SECTION_TYPES)
export type ContentSectionType = z.infer<typeof ZContentSectionType>
export const ZContentSections = z.record(ZContentSectionType, z.string().nullable())

export const ZApproval = z.object({
  decision: z.enum(['approved', 'rejected']),
  signerName: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string(),
  snapshotSha256: z.string().nullable(),
})

export const ZEstimate = z.object({
  id,
  projectTypeId: z.string().nullable(),
  projectType: ZProjectType.pick({ id: true, name: true, icon: true }).nullable(),
  projectName: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  propertyAddress: z.string(),
  squareFootage: z.number().int().nullable(),
  totalCost: z.string().nullable(),
  status: ZEstimateStatus,
  specialFeatures: z.string().nullable(),
  meetingTranscript: z.string().nullable(),
  aiSummary: z.string().nullable(),
  contentSections: ZContentSections,
  /** The live share token (shown to the contractor only; stored hashed + encrypted), or null. */
  shareToken: z.string().nullable(),
  viewedAt: z.string().nullable(),
  approval: ZApproval.nullable(),
  /** Set while approved: edits are refused until the contractor reopens it. */
  lockedAt: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  reopenedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Estimate = z.infer<typeof ZEstimate>

export const ZEstimateListItem = ZEstimate.pick({
  id: true,
  projectName: true,
  clientName: true,
  propertyAddress: true,
  updatedAt: true,
  createdAt: true,
  totalCost: true,
  status: true,
  aiSummary: true,
  shareToken: true,
  projectTypeId: true,
})
const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
export const ZEstimateListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'limit must be 10, 20, 50 or 100')
    .default(20),
  search: z.string().trim().max(200).optional(),
  status: z.union([ZEstimateStatus, z.literal('all')]).optional(),
  projectTypeId: z.union([id, z.literal('all')]).optional(),
  sortBy: z.enum(ESTIMATE_SORT_FIELDS).default('updatedAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  startDate: dateOnly.optional(),
  endDate: dateOnly.optional(),
})
export const ZEstimateListResponse = z.object({ estimates: z.array(ZEstimateListItem), total: z.number().int(), totalPages: z.number().int() })

// ── Phases and budget ──────────────────────────────────────────────────────────────────────
export const ZPhase = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  estimatedCost: z.string(),
  adjustedCost: z.string().nullable(),
  percentage: z.string(),
  amount: z.string(),
  isEnabled: z.boolean(),
  status: z.enum(['pending', 'in_progress', 'completed', 'hidden']),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  completionPercentage: z.number().int(),
})
export type Phase = z.infer<typeof ZPhase>
export const ZBudgetPatch = z.object({
  phases: z
    .array(
      z.object({
        id,
        percentage: percentageField('Percentage must be between 0 and 100'),
        amount: moneyField('Amount'),
        isEnabled: z.boolean(),
      }),
    )
    .min(1)
    .max(200),
})
/** Enabled percentages are balanced when they total within 0.1 of 100 (spec 001 §4). */
export const BUDGET_TOLERANCE = 0.1

export type AllocationStatus = {
  /** Sum of the percentages (2 decimals). */
  allocated: number
  balanced: boolean
  over: boolean
  under: boolean
  /** How far from 100 (positive when over-allocated). */
  difference: number
}

/**
 * Spec 001 §4: percentages are balanced within 0.1 of 100; above is over-allocated, below leaves
 * some unallocated. Used by the estimate's budget card and by the settings phase groups.
 */
export function allocationStatus(percentages: number[]): AllocationStatus {
  // In hundredths of a percent, each read as its column stores it, so float noise never tips the verdict.
  const allocated = percentages.reduce((acc, p) => acc + percentageUnits(p), 0n)
  const difference = allocated - percentageUnits(100)
  const balanced = (difference < 0n ? -difference : difference) <= percentageUnits(BUDGET_TOLERANCE)
  const number = (units: bigint) => Number(percentageText(units))
  return { allocated: number(allocated), balanced, over: !balanced && difference > 0n, under: !balanced && difference < 0n, difference: number(difference) }
}

// ── Content sections and links ─────────────────────────────────────────────────────────────
export const ZContentPatch = z.object({ content: text(100_000) })
export const ZContentLink = z.object({
  id,
  role: ZContentSectionType,
  showToClient: z.boolean(),
  includeInPdf: z.boolean(),
  includeInWebLink: z.boolean(),
  isCustomized: z.boolean(),
})
export const ZVisibilityPatch = z.object({ showToClient: z.boolean(), includeInPdf: z.boolean(), includeInWebLink: z.boolean() })

// ── Sections and line items ────────────────────────────────────────────────────────────────
export const LINE_ITEM_UNITS = ['each', 'sqft', 'lnft', 'hours', 'days', 'tons', 'yards', 'sheets'] as const
export const ZLineItem = z.object({
  id,
  sectionId: id,
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  quantity: z.string(),
  unit: z.string(),
  unitCost: z.string(),
  totalCost: z.string(),
  isLabor: z.boolean(),
  isMaterial: z.boolean(),
  isEquipment: z.boolean(),
  isSubcontractor: z.boolean(),
  applyMarkup: z.boolean(),
  applyTax: z.boolean(),
  vendor: z.string().nullable(),
  partNumber: z.string().nullable(),
  notes: z.string().nullable(),
  sortOrder: z.number().int(),
})
export type LineItem = z.infer<typeof ZLineItem>
export const ZLineItemInput = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(300),
    description: text(5000).optional().nullable(),
    category: text(100).optional().nullable(),
    quantity: quantityField(),
    unit: z.enum(LINE_ITEM_UNITS).default('each'),
    unitCost: unitCostField(),
    isLabor: z.boolean().default(false),
    isMaterial: z.boolean().default(true),
    isEquipment: z.boolean().default(false),
    isSubcontractor: z.boolean().default(false),
    applyMarkup: z.boolean().default(true),
    applyTax: z.boolean().default(true),
    vendor: text(200).optional().nullable(),
    partNumber: text(100).optional().nullable(),
    notes: text(5000).optional().nullable(),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
    /** Ignored: totals are always computed on the server (an issue on it means the computed one is too large). */
    totalCost: z.unknown().optional(),
  })
  .superRefine((item, ctx) => checkLineTotal(item.quantity, item.unitCost, ctx, 'totalCost'))
export const ZSection = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  total: z.string(),
  sortOrder: z.number().int(),
  lineItems: z.array(ZLineItem),
})
export type Section = z.infer<typeof ZSection>
export const ZSectionInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  description: text(5000).optional().nullable(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
})
export const ZReorderBody = z.object({ itemIds: z.array(id).min(1).max(5000) })
// ── Markup and tax ─────────────────────────────────────────────────────────────────────────
const pct = percentageField('Must be between 0 and 100')
export const ZMarkupProfileInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  description: text(2000).optional().nullable(),
  overheadPercentage: pct.default('0.00'),
  profitPercentage: pct.default('0.00'),
  contingencyPercentage: pct.default('0.00'),
  laborMarkupPercentage: pct.default('0.00'),
  materialMarkupPercentage: pct.default('0.00'),
  equipmentMarkupPercentage: pct.default('0.00'),
  subcontractorMarkupPercentage: pct.default('0.00'),
  isTemplate: z.boolean().default(true),
  isDefault: z.boolean().default(false),
  organizationId: id.optional(),
  estimateId: id.optional().nullable(),
})
export const ZMarkupProfile = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  overheadPercentage: z.string(),
  profitPercentage: z.string(),
  contingencyPercentage: z.string(),
  laborMarkupPercentage: z.string(),
  materialMarkupPercentage: z.string(),
  equipmentMarkupPercentage: z.string(),
  subcontractorMarkupPercentage: z.string(),
  isTemplate: z.boolean(),
  isDefault: z.boolean(),
  organizationId: id,
  estimateId: id.nullable(),
})
export type MarkupProfile = z.infer<typeof ZMarkupProfile>
export const TAX_TYPES = ['sales', 'use', 'local', 'special'] as const
// Spec 001 §5: minimum, maximum and exemption amounts at least 0.
const money = decimalField(NUMERIC_COLUMNS.money, { min: '0', label: 'Amount', minMessage: 'Must be at least 0' })
export const ZTaxProfileInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  description: text(2000).optional().nullable(),
  taxType: z.enum(TAX_TYPES, { error: 'Tax type is required' }).default('sales'),
  rate: decimalField(NUMERIC_COLUMNS.rate, { message: 'Rate must be between 0 and 1', min: '0', max: '1', rangeMessage: 'Rate must be between 0 and 1' }),
  jurisdiction: text(200).optional().nullable(),
  jurisdictionCode: text(50).optional().nullable(),
  applyToLabor: z.boolean().default(false),
  applyToMaterials: z.boolean().default(true),
  applyToEquipment: z.boolean().default(true),
  applyToSubcontractors: z.boolean().default(false),
  minimumAmount: money.optional().nullable(),
  maximumAmount: money.optional().nullable(),
  exemptionThreshold: money.optional().nullable(),
  isTemplate: z.boolean().default(true),
  isDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
  organizationId: id.optional(),
  estimateId: id.optional().nullable(),
})
export const ZTaxProfile = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  taxType: z.enum(TAX_TYPES),
  rate: z.string(),
  jurisdiction: z.string().nullable(),
  jurisdictionCode: z.string().nullable(),
  applyToLabor: z.boolean(),
  applyToMaterials: z.boolean(),
  applyToEquipment: z.boolean(),
  applyToSubcontractors: z.boolean(),
  minimumAmount: z.string().nullable(),
  maximumAmount: z.string().nullable(),
  exemptionThreshold: z.string().nullable(),
  isTemplate: z.boolean(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  organizationId: id,
  estimateId: id.nullable(),
})
export type TaxProfile = z.infer<typeof ZTaxProfile>

/** Presets of spec 001 §9 (overhead, profit, contingency, material, equipment, subcontractor, labor). */
export const MARKUP_PRESETS = [
  {
    name: 'General Contractor',
    overheadPercentage: '20.00',
    profitPercentage: '15.00',
    contingencyPercentage: '5.00',
    materialMarkupPercentage: '10.00',
    equipmentMarkupPercentage: '15.00',
    subcontractorMarkupPercentage: '5.00',
    laborMarkupPercentage: '0.00',
  },
  {
    name: 'Roofer',
    overheadPercentage: '15.00',
    profitPercentage: '25.00',
    contingencyPercentage: '3.00',
    materialMarkupPercentage: '15.00',
    equipmentMarkupPercentage: '20.00',
    subcontractorMarkupPercentage: '5.00',
    laborMarkupPercentage: '0.00',
  },
  {
    name: 'Painter',
    overheadPercentage: '12.00',
    profitPercentage: '20.00',
    contingencyPercentage: '2.00',
    materialMarkupPercentage: '8.00',
    equipmentMarkupPercentage: '10.00',
    subcontractorMarkupPercentage: '3.00',
    laborMarkupPercentage: '0.00',
  },
] as const
export const TAX_PRESETS = [
  { name: 'California', jurisdiction: 'California', jurisdictionCode: 'CA', rate: '0.0825' },
  { name: 'Texas', jurisdiction: 'Texas', jurisdictionCode: 'TX', rate: '0.0825' },
  { name: 'Florida', jurisdiction: 'Florida', jurisdictionCode: 'FL', rate: '0.0600' },
  { name: 'Nevada', jurisdiction: 'Nevada', jurisdictionCode: 'NV', rate: '0.0825' },
] as const

/** Totals computed on the server (GET …/estimates/{id}/totals). */
export const ZEstimateTotals = z.object({
  baseTotal: z.string(),
  overhead: z.string(),
  profit: z.string(),
  contingency: z.string(),
  costTypeMarkup: z.string(),
  markupTotal: z.string(),
  subtotalWithMarkup: z.string(),
  taxes: z.array(z.object({ taxProfileId: id, name: z.string(), amount: z.string() })),
  taxTotal: z.string(),
  grandTotal: z.string(),
})

// ── Property data ──────────────────────────────────────────────────────────────────────────
export const ZPropertyDataBody = z.object({
  address: z.string({ error: 'Property address is required' }).trim().min(1, 'Property address is required').max(500),
})
export const ZPropertyData = z.object({
  property: z.object({
    formattedAddress: z.string(),
    bedrooms: z.number().nullable(),
    bathrooms: z.number().nullable(),
    squareFootage: z.number().nullable(),
    yearBuilt: z.number().nullable(),
    propertyType: z.string().nullable(),
  }),
  fireHazard: z.object({ riskLevel: z.string().nullable(), zone: z.string().nullable(), description: z.string(), recommendations: z.array(z.string()) }),
  /** Where the data came from, and whether the address could be validated: never invented facts. */
  source: z.object({ provider: z.string(), addressValidated: z.boolean(), note: z.string().nullable() }),
})
export type PropertyData = z.infer<typeof ZPropertyData>

// ── Sharing, public page, client decision ──────────────────────────────────────────────────
export const ZShareResponse = z.object({ shareToken: z.string(), shareUrl: z.string() })

// ── Link governance: expiry and passcode ──────────────────────────────────────────────────
/** PATCH …/estimates/{id}/share: set or clear the expiry and the passcode (each left out = unchanged). */
export const ZShareSettingsPatch = z
  .object({
    expiresAt: z.iso.datetime({ offset: true, error: 'Use an ISO date and time' }).nullable().optional(),
    passcode: z.string().min(4, SHARE_LINK_MESSAGES.passcodeLength).max(64, SHARE_LINK_MESSAGES.passcodeLength).nullable().optional(),
    /** The estimate's follow-up reminders from now on (see ZReminderSettings). */
    reminders: ZReminderSettings.optional(),
  })
  .strict()
/** The live link's governance, as the contractor sees it (the passcode itself is stored hashed, never shown). */
export const ZShareSettings = z.object({ expiresAt: z.string().nullable(), expired: z.boolean(), passcodeSet: z.boolean(), reminders: ZReminderState })
export type ShareSettings = z.infer<typeof ZShareSettings>
export const ZPublicEstimate = z.object({
  id,
  projectName: z.string(),
  clientName: z.string(),
  propertyAddress: z.string(),
  squareFootage: z.number().nullable(),
  totalCost: z.string().nullable(),
  status: ZEstimateStatus,
  projectType: z.string().nullable(),
  updatedAt: z.string(),
  contentSections: z.array(z.object({ type: ZContentSectionType, title: z.string(), content: z.string() })),
  phases: z.array(z.object({ id, name: z.string(), description: z.string().nullable(), amount: z.string(), percentage: z.string() })),
  sections: z
    .array(
      z.object({
        id,
        name: z.string(),
        total: z.string(),
        lineItems: z.array(
          z.object({
            id,
            name: z.string(),
            description: z.string().nullable(),
            quantity: z.string(),
            unit: z.string(),
            unitCost: z.string(),
            totalCost: z.string(),
          }),
        ),
      }),
    )
    .nullable(),
  varianceRangePercentage: z.string(),
  companyName: z.string().nullable(),
  companyLogo: z.string().nullable(),
  approval: ZApproval.nullable(),
  /** Line items with markup and tax, when the organisation itemises (enableLineItems); no markup internals. */
  grandTotal: z.string().nullable().optional(),
  /**
   * sha256 of this payload as a decision would record it (canonical JSON, `approval` null, this
   * field and `sinceLastView` left out). Send it back with approve/reject so the decision is refused if the estimate
   * changed after the page was loaded.
   */
  snapshotSha256: z.string().optional(),
  /** What changed since this link last showed the estimate (the page's read only; null when nothing did). */
  sinceLastView: ZChangesSinceLastView.nullable().optional(),
})
export type PublicEstimate = z.infer<typeof ZPublicEstimate>
/** A drawn signature: a PNG (base64, without a data: prefix) of at most 200 kB. */
export const SIGNATURE_MAX_BYTES = 200 * 1024
export const SIGNATURE_MESSAGES = {
  notPng: 'The signature must be a PNG image',
  tooLarge: 'The signature must be at most 200 kB',
} as const
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** Bytes of a base64 text, without decoding it (the padding counts for nothing). */
const base64Bytes = (b64: string) => Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0)
export const ZSignaturePng = z
  .string({ error: SIGNATURE_MESSAGES.notPng })
  .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 4 + 1024, SIGNATURE_MESSAGES.tooLarge)
  .transform((v) => v.replace(/^data:image\/png;base64,/, ''))
  .superRefine((b64, ctx) => {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) return void ctx.addIssue({ code: 'custom', message: SIGNATURE_MESSAGES.notPng })
    if (base64Bytes(b64) > SIGNATURE_MAX_BYTES) return void ctx.addIssue({ code: 'custom', message: SIGNATURE_MESSAGES.tooLarge })
    const head = atob(b64.slice(0, 12))
    if (!PNG_MAGIC.every((byte, i) => head.charCodeAt(i) === byte)) ctx.addIssue({ code: 'custom', message: SIGNATURE_MESSAGES.notPng })
  })

export const ZApproveBody = z.object({
  signerName: nameText(z.string({ error: 'Please type your full name' }).trim().min(2, 'Please type your full name').max(200)),
  /** The signer's e-mail, when given: the signed PDF is mailed there. */
  signerEmail: z
    .union([z.literal(''), z.string().trim().toLowerCase().max(254).email('Please enter a valid email')])
    .optional()
    .transform((v) => v || undefined),
  consent: z.literal(true, { error: 'Please confirm that you approve this estimate' }),
  /** Drawn on the page's canvas; without it the typed name is the signature. */
  signaturePng: ZSignaturePng.optional(),
  /** The payload's snapshotSha256 the client reviewed (optional): a mismatch answers 409. */
  snapshotSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'Invalid snapshot hash')
    .optional(),
})
export const ZRejectBody = z.object({
  reason: text(2000).optional().nullable(),
  snapshotSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'Invalid snapshot hash')
    .optional(),
})

export const ZEstimateIdParams = z.object({ orgId: id, id })

/**
 * GET …/estimates/{id}/approval: the signed record of the client's approval: who (name, e-mail if
 * given), when, from where (IP, user agent), the signature (drawn PNG, or the typed name), and the
 * exact snapshot approved with its sha256; `verified` says the hash matches the snapshot as stored.
 */
export const ZApprovalRecord = z.object({
  id,
  decision: z.literal('approved'),
  signerName: z.string(),
  signerEmail: z.string().nullable(),
  decidedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  signature: z.object({ kind: z.enum(['drawn', 'typed']), pngBase64: z.string().nullable() }),
  snapshotSha256: z.string(),
  snapshot: z.record(z.string(), z.unknown()),
  verified: z.boolean(),
})
export type ApprovalRecord = z.infer<typeof ZApprovalRecord>

// ── Errors, events and results added with the estimates service ────────────────────────────
/** problem+json `code`s the estimates service answers beside the common ErrorCode ones. */
export const EstimateErrorCode = {
  /** 409: the estimate is approved and locked; reopen it first. */
  ESTIMATE_LOCKED: 'ESTIMATE_LOCKED',
  /** 409: the client declined the estimate; it is not sent again until reopened. */
  ESTIMATE_DECLINED: 'ESTIMATE_DECLINED',
  /** 409: the share link's expiry has passed. */
  SHARE_LINK_EXPIRED: 'SHARE_LINK_EXPIRED',
} as const

/** Data of estimates.line-items.changed.v1. */
export const LINE_ITEM_CHANGES = ['created', 'updated', 'deleted', 'reordered', 'section_deleted', 'template_applied', 'imported'] as const
export const ZLineItemsChangedV1 = z.object({ estimateId: z.string(), sectionId: z.string().nullable(), change: z.enum(LINE_ITEM_CHANGES) })

export const ZContentPatchResult = z.object({ changed: z.boolean(), content: z.string().nullable() })

/** CSV import body (≤ 1 MB) and result: nothing is created when `errors` is not empty. */
export const CSV_COLUMNS = ['Section', 'Item', 'Type', 'Qty', 'Unit', 'Unit Cost', 'Description'] as const
export const CSV_IMPORT_MAX_BYTES = 1_000_000
export const ZCsvImportBody = z.object({ csv: z.string({ error: 'csv is required' }).min(1, 'The file is empty') })
export const ZCsvImportError = z.object({ row: z.number().int(), field: z.string(), message: z.string() })
export const ZCsvImportResult = z.object({ sectionsCreated: z.number().int(), lineItemsCreated: z.number().int(), errors: z.array(ZCsvImportError) })
export type CsvImportResult = z.infer<typeof ZCsvImportResult>

// ── Pricing selection, profile updates, public decisions (pricing) ─────────────────────────
/** PUT …/estimates/{id}/pricing: the markup profile (or none) and the tax profiles applied. */
export const ZPricingSelectionBody = z.object({
  markupProfileId: id.nullable(),
  taxProfileIds: z
    .array(id)
    .max(20, 'At most 20 tax profiles')
    .refine((ids) => new Set(ids).size === ids.length, 'Each tax profile may be selected once'),
})
/** GET/PUT …/estimates/{id}/pricing answer: the selection and the server-computed totals. */
export const ZEstimatePricing = z.object({ markupProfileId: z.string().nullable(), taxProfileIds: z.array(z.string()), totals: ZEstimateTotals })
export type EstimatePricing = z.infer<typeof ZEstimatePricing>
/** GET …/markup-profiles and …/taxes: optionally only templates plus the profiles of one estimate. */
export const ZPricingProfileQuery = z.object({ estimateId: id.optional() })
/** Tax profile bounds: the minimum may not exceed the maximum. */
export const ZTaxProfileBody = ZTaxProfileInput.refine(
  (t) => t.minimumAmount == null || t.maximumAmount == null || Number(t.minimumAmount) <= Number(t.maximumAmount),
  { message: 'Minimum amount must not exceed the maximum amount', path: ['minimumAmount'] },
)
/** problem+json texts of the public decision endpoints. */
export const PUBLIC_ESTIMATE_MESSAGES = {
  notFound: 'This estimate link is invalid or has expired.',
  alreadyApproved: 'This estimate has already been approved.',
  alreadyDeclined: 'This estimate has already been declined.',
  changed: 'This estimate has changed since you opened it. Please reload the page to review the latest version.',
} as const

// ── Business insights (the enableBusinessInsights flag's dashboard card) ─────────────
export const ZEstimateInsights = z.object({
  /** The UTC month the counts cover, YYYY-MM. */
  month: z.string(),
  /** Estimates created this month, by status. */
  createdThisMonth: z.record(ZEstimateStatus, z.number().int()),
  /** approved ÷ (approved + rejected), all time; null before any decision. */
  winRate: z.number().nullable(),
  decided: z.number().int(),
  /** Mean total cost of the live estimates (money text), null when there are none. */
  averageValue: z.string().nullable(),
  /** Total cost of estimates with the client (shared or viewed, not yet decided). */
  pipelineValue: z.string(),
  pipelineCount: z.number().int(),
})
export type EstimateInsights = z.infer<typeof ZEstimateInsights>
