import { type LineItem, ZLineItemInput } from '@plumbline/contracts'
import { toNumber } from '@plumbline/contracts/format'
import { centsText, parseCents } from '@plumbline/contracts/money'

/** Spec 001 §5: quantity steps by 0.001 and unit cost by 0.01. */
export const QUANTITY_STEP = 0.001
export const UNIT_COST_STEP = 0.01

export const COST_TYPES = ['labor', 'material', 'equipment', 'subcontractor', 'other'] as const
export type CostType = (typeof COST_TYPES)[number]
export const COST_TYPE_LABELS: Record<CostType, string> = {
  labor: 'Labor',
  material: 'Material',
  equipment: 'Equipment',
  subcontractor: 'Subcontractor',
  other: 'Other',
}

/** The line item form's values as typed (strings, so half-typed numbers survive re-renders). */
export type LineItemDraft = {
  name: string
  description: string
  costType: CostType
  quantity: string
  unit: string
  unitCost: string
  applyMarkup: boolean
  applyTax: boolean
}

/** Spec 001 §5 defaults: quantity 1, unit each, unit cost 0, material, markup and tax applied. */
export function emptyLineItemDraft(): LineItemDraft {
  return { name: '', description: '', costType: 'material', quantity: '1', unit: 'each', unitCost: '0', applyMarkup: true, applyTax: true }
}

export function costTypeOf(item: Pick<LineItem, 'isLabor' | 'isMaterial' | 'isEquipment' | 'isSubcontractor'>): CostType {
  if (item.isLabor) return 'labor'
  if (item.isMaterial) return 'material'
  if (item.isEquipment) return 'equipment'
  if (item.isSubcontractor) return 'subcontractor'
  return 'other'
}

export function draftFromItem(item: LineItem): LineItemDraft {
  return {
    name: item.name,
    description: item.description ?? '',
    costType: costTypeOf(item),
    quantity: String(toNumber(item.quantity) ?? 0),
    unit: item.unit,
    unitCost: centsText(parseCents(item.unitCost) ?? 0n),
    applyMarkup: item.applyMarkup,
    applyTax: item.applyTax,
  }
}

export type LineItemFieldErrors = Partial<Record<'name' | 'quantity' | 'unitCost' | 'unit', string>>

/** Validates with the shared contract and builds the POST/PUT body, or returns per-field messages. */
export function toLineItemPayload(draft: LineItemDraft): { ok: true; payload: Record<string, unknown> } | { ok: false; errors: LineItemFieldErrors } {
  const body = {
    name: draft.name,
    description: draft.description.trim() ? draft.description.trim() : null,
    quantity: draft.quantity.trim() === '' ? undefined : draft.quantity,
    unit: draft.unit,
    unitCost: draft.unitCost.trim() === '' ? undefined : draft.unitCost,
    isLabor: draft.costType === 'labor',
    isMaterial: draft.costType === 'material',
    isEquipment: draft.costType === 'equipment',
    isSubcontractor: draft.costType === 'subcontractor',
    applyMarkup: draft.applyMarkup,
    applyTax: draft.applyTax,
  }
  const parsed = ZLineItemInput.safeParse(body)
  if (parsed.success) {
    const { totalCost: _ignored, ...payload } = parsed.data
    return { ok: true, payload }
  }
  const errors: LineItemFieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if (field === 'name' || field === 'quantity' || field === 'unitCost' || field === 'unit') {
      errors[field] ??=
        field === 'quantity' && body.quantity === undefined
          ? 'Quantity is required'
          : field === 'unitCost' && body.unitCost === undefined
            ? 'Unit cost is required'
            : issue.message
    }
  }
  return { ok: false, errors }
}
