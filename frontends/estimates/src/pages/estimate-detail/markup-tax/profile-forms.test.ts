import { describe, expect, it } from 'vitest'
import { applyMarkupPreset, applyTaxPreset, emptyMarkupDraft, emptyTaxDraft, toMarkupPayload, toTaxPayload } from './profile-forms'

const ids = { organizationId: 'org-1', estimateId: 'est-1' }

describe('markup profile form', () => {
  it('requires a name and keeps percentages within 0..100', () => {
    const r = toMarkupPayload({ ...emptyMarkupDraft(), overheadPercentage: '120', profitPercentage: '-1' }, ids)
    expect(r).toEqual({
      ok: false,
      errors: { name: 'Name is required', overheadPercentage: 'Must be between 0 and 100', profitPercentage: 'Must be between 0 and 100' },
    })
  })

  it('fills the three presets of spec 001 §9', () => {
    const gc = applyMarkupPreset(emptyMarkupDraft(), 'General Contractor')
    expect(gc).toMatchObject({
      name: 'General Contractor',
      overheadPercentage: '20',
      profitPercentage: '15',
      contingencyPercentage: '5',
      materialMarkupPercentage: '10',
      equipmentMarkupPercentage: '15',
      subcontractorMarkupPercentage: '5',
      laborMarkupPercentage: '0',
    })
    expect(applyMarkupPreset(emptyMarkupDraft(), 'Roofer')).toMatchObject({
      overheadPercentage: '15',
      profitPercentage: '25',
      contingencyPercentage: '3',
      materialMarkupPercentage: '15',
      equipmentMarkupPercentage: '20',
      subcontractorMarkupPercentage: '5',
    })
    expect(applyMarkupPreset({ ...emptyMarkupDraft(), name: 'Mine' }, 'Painter')).toMatchObject({
      name: 'Mine',
      overheadPercentage: '12',
      profitPercentage: '20',
      contingencyPercentage: '2',
      materialMarkupPercentage: '8',
      equipmentMarkupPercentage: '10',
      subcontractorMarkupPercentage: '3',
    })
  })

  it('defaults to a reusable template that is not the default, with no estimate', () => {
    const r = toMarkupPayload({ ...applyMarkupPreset(emptyMarkupDraft(), 'Painter') }, ids)
    expect(r.ok && r.payload).toMatchObject({
      name: 'Painter',
      isTemplate: true,
      isDefault: false,
      estimateId: null,
      organizationId: 'org-1',
      overheadPercentage: '12.00',
    })
    const own = toMarkupPayload({ ...emptyMarkupDraft(), name: 'Just this job', isTemplate: false }, ids)
    expect(own.ok && own.payload.estimateId).toBe('est-1')
  })
})

describe('tax profile form', () => {
  it('defaults to a sales tax on materials and equipment', () => {
    expect(emptyTaxDraft()).toMatchObject({
      taxType: 'sales',
      applyToMaterials: true,
      applyToEquipment: true,
      applyToLabor: false,
      applyToSubcontractors: false,
      isTemplate: true,
      isDefault: false,
    })
  })

  it('shows the spec messages', () => {
    const r = toTaxPayload({ ...emptyTaxDraft(), taxType: '', rate: '1.5' }, ids)
    expect(r).toEqual({
      ok: false,
      errors: expect.objectContaining({ name: 'Name is required', taxType: 'Tax type is required', rate: 'Rate must be between 0 and 1' }),
    })
    const blankRate = toTaxPayload({ ...emptyTaxDraft(), name: 'X' }, ids)
    expect(blankRate.ok ? null : blankRate.errors.rate).toBe('Rate must be between 0 and 1')
  })

  it('keeps amounts at least 0 and the minimum under the maximum', () => {
    const neg = toTaxPayload({ ...emptyTaxDraft(), name: 'T', rate: '0.05', exemptionThreshold: '-5' }, ids)
    expect(neg.ok ? null : neg.errors.exemptionThreshold).toBe('Must be at least 0')
    const crossed = toTaxPayload({ ...emptyTaxDraft(), name: 'T', rate: '0.05', minimumAmount: '100', maximumAmount: '10' }, ids)
    expect(crossed.ok ? null : crossed.errors.minimumAmount).toBe('Minimum amount must not exceed the maximum amount')
  })

  it('fills the four presets', () => {
    expect(applyTaxPreset(emptyTaxDraft(), 'California')).toMatchObject({
      name: 'California Sales Tax',
      rate: '0.0825',
      jurisdictionCode: 'CA',
      taxType: 'sales',
    })
    expect(applyTaxPreset(emptyTaxDraft(), 'Texas').rate).toBe('0.0825')
    expect(applyTaxPreset(emptyTaxDraft(), 'Florida').rate).toBe('0.06')
    expect(applyTaxPreset(emptyTaxDraft(), 'Nevada').rate).toBe('0.0825')
    const r = toTaxPayload(applyTaxPreset(emptyTaxDraft(), 'Florida'), ids)
    expect(r.ok && r.payload).toMatchObject({ rate: '0.0600', applyToMaterials: true, applyToEquipment: true, applyToLabor: false })
  })
})
