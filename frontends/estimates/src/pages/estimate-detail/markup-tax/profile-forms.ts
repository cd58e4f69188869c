import { MARKUP_PRESETS, type MarkupProfile, TAX_PRESETS, TAX_TYPES, type TaxProfile, ZMarkupProfileInput, ZTaxProfileInput } from '@plumbline/contracts'
import { toNumber } from '../lib/money'

/** Spec 001 §5: markup percentages step by 0.1; tax rates by 0.0001. */
export const MARKUP_STEP = 0.1
export const TAX_RATE_STEP = 0.0001
export const AMOUNT_STEP = 0.01

export const PERCENT_FIELDS = [
  { key: 'overheadPercentage', label: 'Overhead' },
  { key: 'profitPercentage', label: 'Profit' },
  { key: 'contingencyPercentage', label: 'Contingency' },
  { key: 'laborMarkupPercentage', label: 'Labor markup' },
  { key: 'materialMarkupPercentage', label: 'Material markup' },
  { key: 'equipmentMarkupPercentage', label: 'Equipment markup' },
  { key: 'subcontractorMarkupPercentage', label: 'Subcontractor markup' },
] as const
export type PercentField = (typeof PERCENT_FIELDS)[number]['key']

export type MarkupDraft = { name: string; description: string; isTemplate: boolean; isDefault: boolean } & Record<PercentField, string>
export type TaxDraft = {
  name: string
  description: string
  taxType: string
  rate: string
  jurisdiction: string
  jurisdictionCode: string
  applyToLabor: boolean
  applyToMaterials: boolean
  applyToEquipment: boolean
  applyToSubcontractors: boolean
  minimumAmount: string
  maximumAmount: string
  exemptionThreshold: string
  isActive: boolean
  isTemplate: boolean
  isDefault: boolean
}
export type FieldErrors = Record<string, string | undefined>

const trimNum = (v: string | null | undefined) => {
  const n = toNumber(v ?? null)
  return n === null ? '' : String(n)
}

/** Spec 001 §9: new profiles default to isTemplate true and isDefault false. */
export function emptyMarkupDraft(): MarkupDraft {
  return {
    name: '',
    description: '',
    isTemplate: true,
    isDefault: false,
    overheadPercentage: '0',
    profitPercentage: '0',
    contingencyPercentage: '0',
    laborMarkupPercentage: '0',
    materialMarkupPercentage: '0',
    equipmentMarkupPercentage: '0',
    subcontractorMarkupPercentage: '0',
  }
}
export function markupDraftFrom(p: MarkupProfile): MarkupDraft {
  const draft = { ...emptyMarkupDraft(), name: p.name, description: p.description ?? '', isTemplate: p.isTemplate, isDefault: p.isDefault }
  for (const { key } of PERCENT_FIELDS) draft[key] = trimNum(p[key])
  return draft
}
export function applyMarkupPreset(draft: MarkupDraft, presetName: string): MarkupDraft {
  const preset = MARKUP_PRESETS.find((p) => p.name === presetName)
  if (!preset) return draft
  const next = { ...draft, name: draft.name.trim() ? draft.name : preset.name }
  for (const { key } of PERCENT_FIELDS) next[key] = trimNum(preset[key])
  return next
}

/** Spec 001 §9: a new tax profile is a sales tax on materials and equipment. */
export function emptyTaxDraft(): TaxDraft {
  return {
    name: '',
    description: '',
    taxType: 'sales',
    rate: '',
    jurisdiction: '',
    jurisdictionCode: '',
    applyToLabor: false,
    applyToMaterials: true,
    applyToEquipment: true,
    applyToSubcontractors: false,
    minimumAmount: '',
    maximumAmount: '',
    exemptionThreshold: '',
    isActive: true,
    isTemplate: true,
    isDefault: false,
  }
}
export function taxDraftFrom(t: TaxProfile): TaxDraft {
  return {
    name: t.name,
    description: t.description ?? '',
    taxType: t.taxType,
    rate: trimNum(t.rate),
    jurisdiction: t.jurisdiction ?? '',
    jurisdictionCode: t.jurisdictionCode ?? '',
    applyToLabor: t.applyToLabor,
    applyToMaterials: t.applyToMaterials,
    applyToEquipment: t.applyToEquipment,
    applyToSubcontractors: t.applyToSubcontractors,
    minimumAmount: trimNum(t.minimumAmount),
    maximumAmount: trimNum(t.maximumAmount),
    exemptionThreshold: trimNum(t.exemptionThreshold),
    isActive: t.isActive,
    isTemplate: t.isTemplate,
    isDefault: t.isDefault,
  }
}
/** The four tax presets: rate and jurisdiction, a sales tax on materials and equipment. */
export function applyTaxPreset(draft: TaxDraft, presetName: string): TaxDraft {
  const preset = TAX_PRESETS.find((p) => p.name === presetName)
  if (!preset) return draft
  return {
    ...draft,
    name: draft.name.trim() ? draft.name : `${preset.name} Sales Tax`,
    rate: trimNum(preset.rate),
    jurisdiction: preset.jurisdiction,
    jurisdictionCode: preset.jurisdictionCode,
    taxType: 'sales',
    applyToLabor: false,
    applyToMaterials: true,
    applyToEquipment: true,
    applyToSubcontractors: false,
  }
}

function collect(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {}
  for (const i of issues) {
    const k = String(i.path[0] ?? '')
    if (k && !errors[k]) errors[k] = i.message
  }
  return errors
}
const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim())

/** Validates with the shared contract (messages: "Name is required", "Must be between 0 and 100"). */
export function toMarkupPayload(draft: MarkupDraft, ids: { organizationId: string; estimateId: string }) {
  const body: Record<string, unknown> = {
    name: draft.name,
    description: blankToNull(draft.description),
    isTemplate: draft.isTemplate,
    isDefault: draft.isDefault,
    organizationId: ids.organizationId,
    // A reusable template belongs to no estimate; otherwise the profile is this estimate's own.
    estimateId: draft.isTemplate ? null : ids.estimateId,
  }
  for (const { key } of PERCENT_FIELDS) body[key] = draft[key].trim() === '' ? '0' : draft[key]
  const parsed = ZMarkupProfileInput.safeParse(body)
  return parsed.success ? ({ ok: true, payload: parsed.data } as const) : ({ ok: false, errors: collect(parsed.error.issues) } as const)
}

/** Validates a tax profile ("Name is required", "Tax type is required", "Rate must be between 0 and 1", amounts ≥ 0). */
export function toTaxPayload(draft: TaxDraft, ids: { organizationId: string; estimateId: string }) {
  const body: Record<string, unknown> = {
    name: draft.name,
    description: blankToNull(draft.description),
    taxType: (TAX_TYPES as readonly string[]).includes(draft.taxType) ? draft.taxType : draft.taxType === '' ? undefined : draft.taxType,
    rate: draft.rate.trim() === '' ? 'x' : draft.rate,
    jurisdiction: blankToNull(draft.jurisdiction),
    jurisdictionCode: blankToNull(draft.jurisdictionCode),
    applyToLabor: draft.applyToLabor,
    applyToMaterials: draft.applyToMaterials,
    applyToEquipment: draft.applyToEquipment,
    applyToSubcontractors: draft.applyToSubcontractors,
    minimumAmount: blankToNull(draft.minimumAmount),
    maximumAmount: blankToNull(draft.maximumAmount),
    exemptionThreshold: blankToNull(draft.exemptionThreshold),
    isActive: draft.isActive,
    isTemplate: draft.isTemplate,
    isDefault: draft.isDefault,
    organizationId: ids.organizationId,
    estimateId: draft.isTemplate ? null : ids.estimateId,
  }
  const errors: FieldErrors = {}
  // The schema defaults a missing type to sales; the form requires the choice explicitly.
  if (!draft.taxType) errors.taxType = 'Tax type is required'
  const parsed = ZTaxProfileInput.safeParse(body)
  if (!parsed.success) Object.assign(errors, { ...collect(parsed.error.issues), ...errors })
  for (const k of ['minimumAmount', 'maximumAmount', 'exemptionThreshold'] as const) {
    if (errors[k]) errors[k] = 'Must be at least 0'
  }
  if (!errors.minimumAmount && !errors.maximumAmount && parsed.success) {
    const { minimumAmount: min, maximumAmount: max } = parsed.data
    if (min != null && max != null && Number(min) > Number(max)) errors.minimumAmount = 'Minimum amount must not exceed the maximum amount'
  }
  if (Object.values(errors).some(Boolean) || !parsed.success) return { ok: false, errors } as const
  return { ok: true, payload: parsed.data } as const
}
