import { describe, expect, it } from 'vitest'
import {
  columnMaxText,
  decimalField,
  fitsColumn,
  LINE_TOTAL_TOO_LARGE,
  lineTotalCents,
  NUMERIC_COLUMNS,
  PHASE_PERCENTAGE_RANGE,
  ZBudgetPatch,
  ZCompanySettingsPatch,
  ZEstimatePayload,
  ZLineItemInput,
  ZMarkupProfileInput,
  ZPhaseInput,
  ZTaxProfileInput,
  ZTemplateInput,
} from '../src/index.js'

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

const estimate = (totalCost: unknown) => ZEstimatePayload.safeParse({ projectTypeId: 'pt', projectName: 'P', clientName: 'C', propertyAddress: 'A', totalCost })
const item = (quantity: unknown, unitCost: unknown) => ZLineItemInput.safeParse({ name: 'Item', quantity, unitCost })

describe('decimalField: bounded by its column after rounding (finding 6)', () => {
  it('prints the column maxima', () => {
    expect(columnMaxText(NUMERIC_COLUMNS.money)).toBe('999,999,999,999.99')
    expect(columnMaxText(NUMERIC_COLUMNS.quantity)).toBe('999,999,999.999')
    expect(columnMaxText(NUMERIC_COLUMNS.unitCost)).toBe('9,999,999,999.99')
    expect(columnMaxText(NUMERIC_COLUMNS.rate)).toBe('99.9999')
  })

  it('rounds half-up exactly, then checks the bound', () => {
    const money = decimalField(NUMERIC_COLUMNS.money)
    expect(money.parse('999999999999.994')).toBe('999999999999.99')
    expect(money.safeParse('999999999999.995').success).toBe(false)
    expect(money.parse('1.005')).toBe('1.01') // a binary float would give 1.00
    expect(money.parse(0.1 + 0.2)).toBe('0.30')
    expect(money.parse('$1,234.5')).toBe('1234.50')
    expect(money.parse('-0')).toBe('0.00')
    expect(money.parse(1e-7)).toBe('0.00')
  })

  it('refuses what is not a plain decimal number', () => {
    const money = decimalField(NUMERIC_COLUMNS.money, { message: 'Nope' })
    for (const bad of ['NaN', '1e309', 'Infinity', '0x10', '1e5', '', '12.3.4', '9'.repeat(100), Number.NaN, 1e308, true, null]) {
      const r = money.safeParse(bad)
      expect(r.success, String(bad)).toBe(false)
    }
    expect(issues(money.safeParse('abc'))).toEqual({ '': 'Nope' })
  })

  it('fitsColumn and lineTotalCents agree with the column', () => {
    expect(fitsColumn('999999999999.99', NUMERIC_COLUMNS.money)).toBe(true)
    expect(fitsColumn('1000000000000.00', NUMERIC_COLUMNS.money)).toBe(false)
    expect(lineTotalCents('2.125', '19.99')).toBe(4248n) // 42.47875 → 42.48
    expect(lineTotalCents('999999999.999', '9999999999.99')).toBe(999999999998000000000n) // 9,999,999,999,980,000,000.00001 → cents
  })
})

describe('the probe’s overflowing inputs answer 400 naming the field', () => {
  it('estimate totalCost', () => {
    expect(issues(estimate('999999999999.999'))).toEqual({ totalCost: 'Total cost must be at most 999,999,999,999.99' })
    expect(estimate('999999999999.99').data?.totalCost).toBe('999999999999.99')
  })

  it('line item quantity, unit cost and their product', () => {
    expect(issues(item(999999999999, 1))).toEqual({ quantity: 'Quantity must be at most 999,999,999.999' })
    expect(issues(item(1, 999999999999))).toEqual({ unitCost: 'Unit cost must be at most 9,999,999,999.99' })
    expect(issues(item(999999999, 9999999999))).toEqual({ totalCost: LINE_TOTAL_TOO_LARGE })
    expect(item('99999.999', '9999999.99').success).toBe(true) // 999,999,989,999.99: fits
  })

  it('template items, phase amounts, tax bounds and percentages', () => {
    const template = ZTemplateInput.safeParse({
      name: 'T',
      category: 'roofing',
      sections: [{ name: 'S', lineItems: [{ name: 'I', quantity: 999999999, cost: 9999999999 }] }],
    })
    expect(issues(template)).toEqual({ 'sections.0.lineItems.0.cost': LINE_TOTAL_TOO_LARGE })
    const budget = ZBudgetPatch.safeParse({ phases: [{ id: 'p', percentage: '100', amount: '1e13', isEnabled: true }] })
    expect(budget.success).toBe(false)
    expect(issues(ZBudgetPatch.safeParse({ phases: [{ id: 'p', percentage: '100', amount: '10000000000000', isEnabled: true }] }))).toEqual({
      'phases.0.amount': 'Amount must be at most 999,999,999,999.99',
    })
    expect(issues(ZTaxProfileInput.safeParse({ name: 'T', rate: 0.05, maximumAmount: '1000000000000' }))).toEqual({
      maximumAmount: 'Amount must be at most 999,999,999,999.99',
    })
    // Past the bound as written, even when it would round onto it.
    expect(issues(ZMarkupProfileInput.safeParse({ name: 'M', profitPercentage: '100.004' }))).toEqual({ profitPercentage: 'Must be between 0 and 100' })
    expect(issues(ZMarkupProfileInput.safeParse({ name: 'M', profitPercentage: '99.996' }))).toEqual({})
    expect(issues(ZMarkupProfileInput.safeParse({ name: 'M', profitPercentage: '100.005' }))).toEqual({ profitPercentage: 'Must be between 0 and 100' })
  })
})

describe('signs per field (finding 7)', () => {
  it('refuses a negative total cost, unit cost, quantity and phase amount', () => {
    expect(issues(estimate('-1'))).toEqual({ totalCost: 'Total cost must be at least 0' })
    expect(issues(estimate('-999999999999'))).toEqual({ totalCost: 'Total cost must be at least 0' })
    expect(issues(item(1, '-5'))).toEqual({ unitCost: 'Unit cost must be at least 0' })
    expect(issues(item(-1, 5))).toEqual({ quantity: 'Quantity must be at least 0' })
    expect(issues(ZBudgetPatch.safeParse({ phases: [{ id: 'p', percentage: '100', amount: '-1', isEnabled: true }] }))).toEqual({
      'phases.0.amount': 'Amount must be at least 0',
    })
    const template = ZTemplateInput.safeParse({ name: 'T', category: 'roofing', sections: [{ name: 'S', lineItems: [{ name: 'I', quantity: 1, cost: -1 }] }] })
    expect(issues(template)).toEqual({ 'sections.0.lineItems.0.cost': 'Unit cost must be at least 0' })
  })

  it('accepts zero everywhere; a bound holds for the value as written, before rounding', () => {
    expect(estimate(0).data?.totalCost).toBe('0.00')
    expect(item(0, 0).data).toMatchObject({ quantity: '0.000', unitCost: '0.00' })
    expect(item(1, '-0.001').success).toBe(false)
    expect(item(1, '0.001').data?.unitCost).toBe('0.00')
    // Probe 2026-11-29 (info): 100.001 was stored as 100.00.
    expect(issues(ZPhaseInput.safeParse({ name: 'P', defaultPercentage: '100.001' }))).toEqual({ defaultPercentage: PHASE_PERCENTAGE_RANGE })
    expect(issues(ZPhaseInput.safeParse({ name: 'P', defaultPercentage: '-0.0001' }))).toEqual({ defaultPercentage: PHASE_PERCENTAGE_RANGE })
    expect(ZPhaseInput.safeParse({ name: 'P', defaultPercentage: '99.999' }).data?.defaultPercentage).toBe('100.00')
    expect(ZPhaseInput.safeParse({ name: 'P', defaultPercentage: '100.000' }).data?.defaultPercentage).toBe('100.00')
  })

  it('keeps the spec’s messages for percentages, tax rate and tax amounts (spec 001 §5)', () => {
    expect(issues(ZTaxProfileInput.safeParse({ name: 'T', rate: 1.5 }))).toEqual({ rate: 'Rate must be between 0 and 1' })
    expect(issues(ZTaxProfileInput.safeParse({ name: 'T', rate: -0.01 }))).toEqual({ rate: 'Rate must be between 0 and 1' })
    expect(issues(ZTaxProfileInput.safeParse({ name: 'T', rate: 0.05, minimumAmount: -2 }))).toEqual({ minimumAmount: 'Must be at least 0' })
    expect(issues(ZMarkupProfileInput.safeParse({ name: 'M', overheadPercentage: -1 }))).toEqual({ overheadPercentage: 'Must be between 0 and 100' })
    expect(issues(ZBudgetPatch.safeParse({ phases: [{ id: 'p', percentage: '101', amount: '1', isEnabled: true }] }))).toEqual({
      'phases.0.percentage': 'Percentage must be between 0 and 100',
    })
    expect(issues(ZCompanySettingsPatch.safeParse({ varianceRangePercentage: -1 }))).toEqual({ varianceRangePercentage: 'Variance must be between 0 and 100' })
  })
})
