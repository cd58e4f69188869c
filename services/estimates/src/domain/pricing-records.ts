import { fixedText as fixed, type MarkupProfile, type MarkupRates, type PricedItem, type TaxProfile, type TaxRule } from '@plumbline/contracts'

// Database rows (Prisma Decimals) → wire DTOs and pricing inputs (decimal strings). Decimals are
// printed exactly by the money module, never through Number, so "0.0825" stays "0.0825".

type DecimalLike = { toString(): string }
const fixedOrNull = (value: DecimalLike | null, scale: number) => (value === null ? null : fixed(value, scale))

export type MarkupProfileRow = {
  id: string
  organizationId: string
  estimateId: string | null
  name: string
  description: string | null
  overheadPercentage: DecimalLike
  profitPercentage: DecimalLike
  contingencyPercentage: DecimalLike
  laborMarkupPercentage: DecimalLike
  materialMarkupPercentage: DecimalLike
  equipmentMarkupPercentage: DecimalLike
  subcontractorMarkupPercentage: DecimalLike
  isTemplate: boolean
  isDefault: boolean
}

export type TaxProfileRow = {
  id: string
  organizationId: string
  estimateId: string | null
  name: string
  description: string | null
  taxType: string
  rate: DecimalLike
  jurisdiction: string | null
  jurisdictionCode: string | null
  applyToLabor: boolean
  applyToMaterials: boolean
  applyToEquipment: boolean
  applyToSubcontractors: boolean
  minimumAmount: DecimalLike | null
  maximumAmount: DecimalLike | null
  exemptionThreshold: DecimalLike | null
  isTemplate: boolean
  isDefault: boolean
  isActive: boolean
}

export type LineItemRow = Omit<PricedItem, 'totalCost'> & { totalCost: DecimalLike }

export const toMarkupProfile = (r: MarkupProfileRow): MarkupProfile => ({
  id: r.id,
  name: r.name,
  description: r.description,
  overheadPercentage: fixed(r.overheadPercentage, 2),
  profitPercentage: fixed(r.profitPercentage, 2),
  contingencyPercentage: fixed(r.contingencyPercentage, 2),
  laborMarkupPercentage: fixed(r.laborMarkupPercentage, 2),
  materialMarkupPercentage: fixed(r.materialMarkupPercentage, 2),
  equipmentMarkupPercentage: fixed(r.equipmentMarkupPercentage, 2),
  subcontractorMarkupPercentage: fixed(r.subcontractorMarkupPercentage, 2),
  isTemplate: r.isTemplate,
  isDefault: r.isDefault,
  organizationId: r.organizationId,
  estimateId: r.estimateId,
})

export const toTaxProfile = (r: TaxProfileRow): TaxProfile => ({
  id: r.id,
  name: r.name,
  description: r.description,
  taxType: r.taxType as TaxProfile['taxType'],
  rate: fixed(r.rate, 4),
  jurisdiction: r.jurisdiction,
  jurisdictionCode: r.jurisdictionCode,
  applyToLabor: r.applyToLabor,
  applyToMaterials: r.applyToMaterials,
  applyToEquipment: r.applyToEquipment,
  applyToSubcontractors: r.applyToSubcontractors,
  minimumAmount: fixedOrNull(r.minimumAmount, 2),
  maximumAmount: fixedOrNull(r.maximumAmount, 2),
  exemptionThreshold: fixedOrNull(r.exemptionThreshold, 2),
  isTemplate: r.isTemplate,
  isDefault: r.isDefault,
  isActive: r.isActive,
  organizationId: r.organizationId,
  estimateId: r.estimateId,
})

export const toMarkupRates = (r: MarkupProfileRow): MarkupRates => {
  const p = toMarkupProfile(r)
  return {
    overheadPercentage: p.overheadPercentage,
    profitPercentage: p.profitPercentage,
    contingencyPercentage: p.contingencyPercentage,
    laborMarkupPercentage: p.laborMarkupPercentage,
    materialMarkupPercentage: p.materialMarkupPercentage,
    equipmentMarkupPercentage: p.equipmentMarkupPercentage,
    subcontractorMarkupPercentage: p.subcontractorMarkupPercentage,
  }
}

export const toTaxRule = (r: TaxProfileRow): TaxRule => {
  const t = toTaxProfile(r)
  return {
    id: t.id,
    name: t.name,
    rate: t.rate,
    isActive: t.isActive,
    applyToLabor: t.applyToLabor,
    applyToMaterials: t.applyToMaterials,
    applyToEquipment: t.applyToEquipment,
    applyToSubcontractors: t.applyToSubcontractors,
    minimumAmount: t.minimumAmount,
    maximumAmount: t.maximumAmount,
    exemptionThreshold: t.exemptionThreshold,
  }
}

export const toPricedItem = (r: LineItemRow): PricedItem => ({
  totalCost: fixed(r.totalCost, 2),
  isLabor: r.isLabor,
  isMaterial: r.isMaterial,
  isEquipment: r.isEquipment,
  isSubcontractor: r.isSubcontractor,
  applyMarkup: r.applyMarkup,
  applyTax: r.applyTax,
})
