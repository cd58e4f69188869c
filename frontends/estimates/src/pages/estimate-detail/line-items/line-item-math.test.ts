import { ZLineItem } from '@plumbline/contracts'
import { lineTotal } from '@plumbline/contracts/money'
import { describe, expect, it } from 'vitest'
import { draftFromItem, emptyLineItemDraft, toLineItemPayload } from './line-item-math'

describe('lineTotal', () => {
  it('is quantity × unit cost to 2 decimals', () => {
    expect(lineTotal('1', '0')).toBe('0.00')
    expect(lineTotal('3', '19.99')).toBe('59.97')
    expect(lineTotal('2.5', '4.10')).toBe('10.25')
  })

  it('does not show float noise and rounds half away from zero', () => {
    expect(lineTotal('0.1', '0.70')).toBe('0.07')
    expect(lineTotal('1.005', '1.00')).toBe('1.01') // 1.005 → 1.01 (a float multiply gives 1.00)
    expect(lineTotal('0.333', '3.00')).toBe('1.00') // 0.999 → 1.00
    expect(lineTotal('1234.567', '89.99')).toBe('111098.68')
  })

  it('treats unparsable input as zero', () => {
    expect(lineTotal('', '5')).toBe('0.00')
    expect(lineTotal('abc', '5')).toBe('0.00')
  })
})

describe('toLineItemPayload', () => {
  it('uses the spec defaults for a new item', () => {
    const d = emptyLineItemDraft()
    expect(d).toMatchObject({ quantity: '1', unit: 'each', unitCost: '0', costType: 'material', applyMarkup: true, applyTax: true })
    const r = toLineItemPayload({ ...d, name: 'Drywall' })
    expect(r).toEqual({
      ok: true,
      payload: expect.objectContaining({
        name: 'Drywall',
        quantity: '1.000',
        unit: 'each',
        unitCost: '0.00',
        isMaterial: true,
        isLabor: false,
        applyMarkup: true,
        applyTax: true,
      }),
    })
  })

  it('reports the required fields', () => {
    const r = toLineItemPayload({ ...emptyLineItemDraft(), name: '  ', quantity: '', unitCost: '' })
    expect(r).toEqual({ ok: false, errors: { name: 'Name is required', quantity: 'Quantity is required', unitCost: 'Unit cost is required' } })
  })

  it('maps the cost type to exactly one flag', () => {
    const r = toLineItemPayload({ ...emptyLineItemDraft(), name: 'Crew', costType: 'labor', unit: 'hours', quantity: '8', unitCost: '65' })
    expect(r.ok && r.payload).toMatchObject({
      isLabor: true,
      isMaterial: false,
      isEquipment: false,
      isSubcontractor: false,
      unit: 'hours',
      quantity: '8.000',
      unitCost: '65.00',
    })
  })

  it('round-trips an existing item into the form', () => {
    const item = ZLineItem.parse({
      id: 'i1',
      sectionId: 's1',
      name: 'Rental',
      description: null,
      category: null,
      quantity: '2.500',
      unit: 'days',
      unitCost: '120.00',
      totalCost: '300.00',
      isLabor: false,
      isMaterial: false,
      isEquipment: true,
      isSubcontractor: false,
      applyMarkup: false,
      applyTax: true,
      vendor: null,
      partNumber: null,
      notes: null,
      sortOrder: 0,
    })
    expect(draftFromItem(item)).toEqual({
      name: 'Rental',
      description: '',
      costType: 'equipment',
      quantity: '2.5',
      unit: 'days',
      unitCost: '120.00',
      applyMarkup: false,
      applyTax: true,
    })
  })
})
