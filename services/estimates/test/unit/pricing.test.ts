import { MARKUP_PRESETS, ZEstimateTotals } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { computeTotals, costTypeOf, type MarkupRates, type PricedItem, type TaxRule } from '../../src/domain/pricing.js'

const item = (totalCost: string, flags: Partial<PricedItem> = {}): PricedItem => ({
  totalCost,
  isLabor: false,
  isMaterial: false,
  isEquipment: false,
  isSubcontractor: false,
  applyMarkup: true,
  applyTax: true,
  ...flags,
})
const NO_MARKUP: MarkupRates = {
  overheadPercentage: '0.00',
  profitPercentage: '0.00',
  contingencyPercentage: '0.00',
  laborMarkupPercentage: '0.00',
  materialMarkupPercentage: '0.00',
  equipmentMarkupPercentage: '0.00',
  subcontractorMarkupPercentage: '0.00',
}
const tax = (id: string, rate: string, rule: Partial<TaxRule> = {}): TaxRule => ({
  id,
  name: id,
  rate,
  isActive: true,
  applyToLabor: false,
  applyToMaterials: true,
  applyToEquipment: true,
  applyToSubcontractors: false,
  minimumAmount: null,
  maximumAmount: null,
  exemptionThreshold: null,
  ...rule,
})

describe('computeTotals: the worked example in src/domain/pricing.ts', () => {
  const items = [
    item('450.00', { isLabor: true }),
    item('384.40', { isMaterial: true }),
    item('275.00', { isEquipment: true, applyMarkup: false }),
    item('1200.00', { isSubcontractor: true }),
    item('99.99'),
    item('24.68', { isMaterial: true, applyTax: false }),
  ]
  const markup: MarkupRates = {
    overheadPercentage: '20.00',
    profitPercentage: '15.00',
    contingencyPercentage: '5.00',
    laborMarkupPercentage: '2.50',
    materialMarkupPercentage: '10.00',
    equipmentMarkupPercentage: '15.00',
    subcontractorMarkupPercentage: '5.00',
  }
  const rules = [
    tax('T1', '0.0825'),
    tax('T2', '0.0100', { applyToLabor: true, applyToMaterials: false, applyToEquipment: false, minimumAmount: '10.00' }),
    tax('T3', '0.0200', { applyToSubcontractors: true, applyToMaterials: false, applyToEquipment: false, maximumAmount: '20.00' }),
    tax('T4', '0.0500', { applyToMaterials: false, exemptionThreshold: '385.00' }),
    tax('T5', '0.5000', { isActive: false, applyToLabor: true, applyToSubcontractors: true }),
  ]

  it('matches the hand-computed figures exactly', () => {
    expect(computeTotals(items, markup, rules)).toEqual({
      baseTotal: '2434.07',
      overhead: '486.81',
      profit: '365.11',
      contingency: '121.70',
      costTypeMarkup: '112.16',
      markupTotal: '1085.78',
      subtotalWithMarkup: '3519.85',
      taxes: [
        { taxProfileId: 'T1', name: 'T1', amount: '79.33' },
        { taxProfileId: 'T2', name: 'T2', amount: '10.00' },
        { taxProfileId: 'T3', name: 'T3', amount: '20.00' },
        { taxProfileId: 'T4', name: 'T4', amount: '0.00' },
      ],
      taxTotal: '109.33',
      grandTotal: '3629.18',
    })
  })

  it('answers the contract shape', () => {
    expect(ZEstimateTotals.safeParse(computeTotals(items, markup, rules)).success).toBe(true)
  })
})

describe('computeTotals: rules one at a time', () => {
  it('is all zeros for an estimate without line items', () => {
    const t = computeTotals([], null, [tax('S', '0.0825', { minimumAmount: '5.00' })])
    expect(t).toMatchObject({ baseTotal: '0.00', markupTotal: '0.00', subtotalWithMarkup: '0.00', taxTotal: '0.00', grandTotal: '0.00' })
    // Nothing taxable: the minimum does not invent a tax.
    expect(t.taxes).toEqual([{ taxProfileId: 'S', name: 'S', amount: '0.00' }])
  })

  it('without a markup profile the subtotal is the base total', () => {
    const t = computeTotals([item('100.00', { isMaterial: true }), item('50.50', { isLabor: true })], null, [])
    expect(t).toMatchObject({ baseTotal: '150.50', overhead: '0.00', costTypeMarkup: '0.00', subtotalWithMarkup: '150.50', grandTotal: '150.50' })
  })

  it('applies overhead, profit and contingency to the whole base, including items without applyMarkup and Other items', () => {
    const t = computeTotals(
      [item('100.00', { isMaterial: true, applyMarkup: false }), item('100.00')],
      { ...NO_MARKUP, overheadPercentage: '10.00', profitPercentage: '5.00', contingencyPercentage: '1.00' },
      [],
    )
    expect(t).toMatchObject({
      overhead: '20.00',
      profit: '10.00',
      contingency: '2.00',
      costTypeMarkup: '0.00',
      markupTotal: '32.00',
      subtotalWithMarkup: '232.00',
    })
  })

  it('applies each cost-type percentage only to items of that type that have applyMarkup', () => {
    const markup = {
      ...NO_MARKUP,
      laborMarkupPercentage: '1.00',
      materialMarkupPercentage: '2.00',
      equipmentMarkupPercentage: '3.00',
      subcontractorMarkupPercentage: '4.00',
    }
    const items = [
      item('100.00', { isLabor: true }),
      item('100.00', { isMaterial: true }),
      item('100.00', { isEquipment: true }),
      item('100.00', { isSubcontractor: true }),
      item('1000.00', { isLabor: true, applyMarkup: false }),
      item('1000.00'),
    ]
    expect(computeTotals(items, markup, []).costTypeMarkup).toBe('10.00')
  })

  it('types an item by its first flag in the order Labor, Material, Equipment, Subcontractor', () => {
    expect(costTypeOf(item('1', { isLabor: true, isMaterial: true, isSubcontractor: true }))).toBe('Labor')
    expect(costTypeOf(item('1', { isMaterial: true, isEquipment: true }))).toBe('Material')
    expect(costTypeOf(item('1', { isEquipment: true, isSubcontractor: true }))).toBe('Equipment')
    expect(costTypeOf(item('1', { isSubcontractor: true }))).toBe('Subcontractor')
    expect(costTypeOf(item('1'))).toBe('Other')
    // A Labor+Material item earns the labor markup, not the material one, and is taxed as labor.
    const markup = { ...NO_MARKUP, laborMarkupPercentage: '10.00', materialMarkupPercentage: '50.00' }
    const t = computeTotals([item('100.00', { isLabor: true, isMaterial: true })], markup, [tax('M', '0.1000')])
    expect(t.costTypeMarkup).toBe('10.00')
    expect(t.taxes[0].amount).toBe('0.00')
  })

  it('taxes the marked-up total: the item, its type markup and all of overhead when it is the only item', () => {
    const markup = { ...NO_MARKUP, overheadPercentage: '50.00', materialMarkupPercentage: '10.00' }
    // 200 material + 10 % = 220, + overhead 100 (the whole base is this item) = 320 × 0.1 = 32
    const t = computeTotals([item('200.00', { isMaterial: true })], markup, [tax('S', '0.1000')])
    expect(t).toMatchObject({ subtotalWithMarkup: '320.00', taxTotal: '32.00', grandTotal: '352.00' })
  })

  it("shares overhead, profit and contingency out pro rata: a profile taxes only its items' share", () => {
    const markup = { ...NO_MARKUP, overheadPercentage: '10.00', profitPercentage: '10.00', contingencyPercentage: '5.00' }
    // base 400; margins 40 + 40 + 20 = 100; the material item is 300 / 400 of the base → 75 of them.
    // The labor item (untaxed by this profile) and the Other item keep their shares out of the tax.
    const items = [item('300.00', { isMaterial: true }), item('60.00', { isLabor: true }), item('40.00')]
    const t = computeTotals(items, markup, [tax('S', '0.1000')])
    expect(t).toMatchObject({ markupTotal: '100.00', subtotalWithMarkup: '500.00', taxTotal: '37.50', grandTotal: '537.50' })
  })

  it('applies the exemption threshold, minimum and maximum to the marked-up base, not the raw items', () => {
    const markup = { ...NO_MARKUP, overheadPercentage: '20.00' }
    // 100 material + 20 overhead = 120 taxable: above a 110 threshold though the raw item is below it.
    expect(computeTotals([item('100.00', { isMaterial: true })], markup, [tax('S', '0.1000', { exemptionThreshold: '110.00' })]).taxTotal).toBe('12.00')
    expect(computeTotals([item('100.00', { isMaterial: true })], markup, [tax('S', '0.1000', { exemptionThreshold: '120.00' })]).taxTotal).toBe('0.00')
    expect(computeTotals([item('100.00', { isMaterial: true })], markup, [tax('S', '0.1000', { minimumAmount: '12.50' })]).taxTotal).toBe('12.50')
    expect(computeTotals([item('100.00', { isMaterial: true })], markup, [tax('S', '0.1000', { maximumAmount: '11.00' })]).taxTotal).toBe('11.00')
  })

  it('an item with applyMarkup off is taxed on its plain total', () => {
    const markup = { ...NO_MARKUP, materialMarkupPercentage: '10.00' }
    const t = computeTotals([item('200.00', { isMaterial: true, applyMarkup: false })], markup, [tax('S', '0.1000')])
    expect(t.taxTotal).toBe('20.00')
  })

  it('never taxes Other items or items with applyTax off', () => {
    const all = tax('ALL', '0.1000', { applyToLabor: true, applyToSubcontractors: true })
    const t = computeTotals([item('500.00'), item('500.00', { isLabor: true, applyTax: false })], null, [all])
    expect(t.taxTotal).toBe('0.00')
  })

  it('leaves inactive tax profiles out entirely', () => {
    const t = computeTotals([item('100.00', { isMaterial: true })], null, [tax('OFF', '0.5000', { isActive: false }), tax('ON', '0.0600')])
    expect(t.taxes.map((x) => x.taxProfileId)).toEqual(['ON'])
    expect(t.grandTotal).toBe('106.00')
  })

  it('exempts a taxable amount at or below the threshold and taxes one just above it', () => {
    const rule = tax('S', '0.1000', { exemptionThreshold: '100.00' })
    expect(computeTotals([item('100.00', { isMaterial: true })], null, [rule]).taxTotal).toBe('0.00')
    expect(computeTotals([item('100.01', { isMaterial: true })], null, [rule]).taxTotal).toBe('10.00')
  })

  it('raises the tax to the minimum and caps it at the maximum', () => {
    const rule = tax('S', '0.1000', { minimumAmount: '5.00', maximumAmount: '50.00' })
    expect(computeTotals([item('10.00', { isMaterial: true })], null, [rule]).taxTotal).toBe('5.00')
    expect(computeTotals([item('100.00', { isMaterial: true })], null, [rule]).taxTotal).toBe('10.00')
    expect(computeTotals([item('1000.00', { isMaterial: true })], null, [rule]).taxTotal).toBe('50.00')
  })

  it('sums several taxes on the same items', () => {
    const t = computeTotals([item('100.00', { isMaterial: true })], null, [tax('STATE', '0.0600'), tax('CITY', '0.0225')])
    expect(t.taxes.map((x) => x.amount)).toEqual(['6.00', '2.25'])
    expect(t).toMatchObject({ taxTotal: '8.25', grandTotal: '108.25' })
  })
})

describe('computeTotals: decimal exactness and rounding', () => {
  it('rounds half-up at the cent (0.005 → 0.01), where binary floats would round down', () => {
    // 0.10 × 5 % = 0.005 exactly; in floats 0.1 * 0.05 = 0.005000000000000001 but 1.005 * 100 = 100.49999…
    expect(computeTotals([item('0.10')], { ...NO_MARKUP, overheadPercentage: '5.00' }, []).overhead).toBe('0.01')
    // 20.10 × 5 % = 1.005 → 1.01 (Math.round(1.005 * 100) / 100 gives 1.00)
    expect(computeTotals([item('20.10')], { ...NO_MARKUP, overheadPercentage: '5.00' }, []).overhead).toBe('1.01')
    // 0.0825 × 6.06 = 0.49995 → 0.50
    expect(computeTotals([item('6.06', { isMaterial: true })], null, [tax('S', '0.0825')]).taxTotal).toBe('0.50')
  })

  it('adds many cents without drift', () => {
    const items = Array.from({ length: 1000 }, () => item('0.10', { isMaterial: true }))
    expect(computeTotals(items, null, []).baseTotal).toBe('100.00')
    const cents = Array.from({ length: 3 }, () => item('0.10'))
    expect(computeTotals([...cents, item('0.20')], null, []).baseTotal).toBe('0.50')
  })

  it('handles large totals exactly', () => {
    const t = computeTotals([item('999999999999.99', { isMaterial: true })], { ...NO_MARKUP, profitPercentage: '100.00' }, [tax('S', '1.0000')])
    // Taxed at 100 % on the marked-up total (item + its profit): 1999999999999.98
    expect(t).toMatchObject({ profit: '999999999999.99', subtotalWithMarkup: '1999999999999.98', taxTotal: '1999999999999.98', grandTotal: '3999999999999.96' })
  })

  it('rounds a credit (negative) line half away from zero and does not tax a negative amount', () => {
    const t = computeTotals([item('-20.10', { isMaterial: true })], { ...NO_MARKUP, overheadPercentage: '5.00' }, [tax('S', '0.1000')])
    expect(t).toMatchObject({ baseTotal: '-20.10', overhead: '-1.01', taxTotal: '0.00' })
  })

  it('the breakdown always adds up: markupTotal and grandTotal equal the sums of their parts', () => {
    const markup = { ...MARKUP_PRESETS[1] }
    const items = [
      item('333.33', { isMaterial: true }),
      item('777.77', { isEquipment: true }),
      item('123.45', { isLabor: true }),
      item('55.55', { isSubcontractor: true }),
    ]
    const t = computeTotals(items, markup, [tax('A', '0.0825'), tax('B', '0.0333', { applyToLabor: true })])
    const cents = (s: string) => Math.round(Number(s) * 100)
    expect(cents(t.markupTotal)).toBe(cents(t.overhead) + cents(t.profit) + cents(t.contingency) + cents(t.costTypeMarkup))
    expect(cents(t.subtotalWithMarkup)).toBe(cents(t.baseTotal) + cents(t.markupTotal))
    expect(cents(t.taxTotal)).toBe(t.taxes.reduce((s, x) => s + cents(x.amount), 0))
    expect(cents(t.grandTotal)).toBe(cents(t.subtotalWithMarkup) + cents(t.taxTotal))
  })

  it('refuses a value that is not a decimal string', () => {
    expect(() => computeTotals([item('1e3')], null, [])).toThrow(/not a decimal/)
    expect(() => computeTotals([item('NaN')], null, [])).toThrow(/not a decimal/)
  })
})
