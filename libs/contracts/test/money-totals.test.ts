import { describe, expect, it } from 'vitest'
import {
  COST_TYPE_ORDER,
  costByType,
  costTypeLabel,
  estimateTotals,
  MARKUP_PRESETS,
  type MarkupRates,
  type PricedItem,
  type TaxRule,
  ZEstimateTotals,
} from '../src/index.js'

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

describe('estimateTotals: the worked example in src/money/totals.ts', () => {
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
    expect(estimateTotals(items, markup, rules)).toEqual({
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
    expect(ZEstimateTotals.safeParse(estimateTotals(items, markup, rules)).success).toBe(true)
  })
})

describe('estimateTotals: rules one at a time', () => {
  it('is all zeros for an estimate without line items', () => {
    const t = estimateTotals([], null, [tax('S', '0.0825', { minimumAmount: '5.00' })])
    expect(t).toMatchObject({ baseTotal: '0.00', markupTotal: '0.00', subtotalWithMarkup: '0.00', taxTotal: '0.00', grandTotal: '0.00' })
    // Nothing taxable: the minimum does not invent a tax.
    expect(t.taxes).toEqual([{ taxProfileId: 'S', name: 'S', amount: '0.00' }])
  })

  it('without a markup profile the subtotal is the base total', () => {
    const t = estimateTotals([item('100.00', { isMaterial: true }), item('50.50', { isLabor: true })], null, [])
    expect(t).toMatchObject({ baseTotal: '150.50', overhead: '0.00', costTypeMarkup: '0.00', subtotalWithMarkup: '150.50', grandTotal: '150.50' })
  })

  it('applies overhead, profit and contingency to the whole base, including items without applyMarkup and Other items', () => {
    const t = estimateTotals(
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
    expect(estimateTotals(items, markup, []).costTypeMarkup).toBe('10.00')
  })

  it('types an item by its first flag in the order Labor, Material, Equipment, Subcontractor', () => {
    expect(costTypeLabel(item('1', { isLabor: true, isMaterial: true, isSubcontractor: true }))).toBe('Labor')
    expect(costTypeLabel(item('1', { isMaterial: true, isEquipment: true }))).toBe('Material')
    expect(costTypeLabel(item('1', { isEquipment: true, isSubcontractor: true }))).toBe('Equipment')
    expect(costTypeLabel(item('1', { isSubcontractor: true }))).toBe('Subcontractor')
    expect(costTypeLabel(item('1'))).toBe('Other')
    // A Labor+Material item earns the labor markup, not the material one, and is taxed as labor.
    const markup = { ...NO_MARKUP, laborMarkupPercentage: '10.00', materialMarkupPercentage: '50.00' }
    const t = estimateTotals([item('100.00', { isLabor: true, isMaterial: true })], markup, [tax('M', '0.1000')])
    expect(t.costTypeMarkup).toBe('10.00')
    expect(t.taxes[0].amount).toBe('0.00')
  })

  it('taxes the marked-up total: the item, its type markup and all of overhead when it is the only item', () => {
    const markup = { ...NO_MARKUP, overheadPercentage: '50.00', materialMarkupPercentage: '10.00' }
    // 200 material + 10 % = 220, + overhead 100 (the whole base is this item) = 320 × 0.1 = 32
    const t = estimateTotals([item('200.00', { isMaterial: true })], markup, [tax('S', '0.1000')])
    expect(t).toMatchObject({ subtotalWithMarkup: '320.00', taxTotal: '32.00', grandTotal: '352.00' })
  })

  it("shares overhead, profit and contingency out pro rata: a profile taxes only its items' share", () => {
    const markup = { ...NO_MARKUP, overheadPercentage: '10.00', profitPercentage: '10.00', contingencyPercentage: '5.00' }
    // base 400; margins 40 + 40 + 20 = 100; the material item is 300 / 400 of the base → 75 of them.
    // The labor item (untaxed by this profile) and the Other item keep their shares out of the tax.
    const items = [item('300.00', { isMaterial: true }), item('60.00', { isLabor: true }), item('40.00')]
    const t = estimateTotals(items, markup, [tax('S', '0.1000')])
    expect(t).toMatchObject({ markupTotal: '100.00', subtotalWithMarkup: '500.00', taxTotal: '37.50', grandTotal: '537.50' })
  })

  it('applies the exemption threshold, minimum and maximum to the marked-up base, not the raw items', () => {
    const markup = { ...NO_MARKUP, overheadPercentage: '20.00' }
    // 100 material + 20 overhead = 120 taxable: above a 110 threshold though the raw item is below it.
    expect(estimateTotals([item('100.00', { isMaterial: true })], markup, [tax('S', '0.1000', { exemptionThreshold: '110.00' })]).taxTotal).toBe('12.00')
    expect(estimateTotals([item('100.00', { isMaterial: true })], markup, [tax('S', '0.1000', { exemptionThreshold: '120.00' })]).taxTotal).toBe('0.00')
    expect(estimateTotals([item('100.00', { isMaterial: true })], markup, [tax('S', '0.1000', { minimumAmount: '12.50' })]).taxTotal).toBe('12.50')
    expect(estimateTotals([item('100.00', { isMaterial: true })], markup, [tax('S', '0.1000', { maximumAmount: '11.00' })]).taxTotal).toBe('11.00')
  })

  it('an item with applyMarkup off is taxed on its plain total', () => {
    const markup = { ...NO_MARKUP, materialMarkupPercentage: '10.00' }
    const t = estimateTotals([item('200.00', { isMaterial: true, applyMarkup: false })], markup, [tax('S', '0.1000')])
    expect(t.taxTotal).toBe('20.00')
  })

  it('never taxes Other items or items with applyTax off', () => {
    const all = tax('ALL', '0.1000', { applyToLabor: true, applyToSubcontractors: true })
    const t = estimateTotals([item('500.00'), item('500.00', { isLabor: true, applyTax: false })], null, [all])
    expect(t.taxTotal).toBe('0.00')
  })

  it('leaves inactive tax profiles out entirely', () => {
    const t = estimateTotals([item('100.00', { isMaterial: true })], null, [tax('OFF', '0.5000', { isActive: false }), tax('ON', '0.0600')])
    expect(t.taxes.map((x) => x.taxProfileId)).toEqual(['ON'])
    expect(t.grandTotal).toBe('106.00')
  })

  it('exempts a taxable amount at or below the threshold and taxes one just above it', () => {
    const rule = tax('S', '0.1000', { exemptionThreshold: '100.00' })
    expect(estimateTotals([item('100.00', { isMaterial: true })], null, [rule]).taxTotal).toBe('0.00')
    expect(estimateTotals([item('100.01', { isMaterial: true })], null, [rule]).taxTotal).toBe('10.00')
  })

  it('raises the tax to the minimum and caps it at the maximum', () => {
    const rule = tax('S', '0.1000', { minimumAmount: '5.00', maximumAmount: '50.00' })
    expect(estimateTotals([item('10.00', { isMaterial: true })], null, [rule]).taxTotal).toBe('5.00')
    expect(estimateTotals([item('100.00', { isMaterial: true })], null, [rule]).taxTotal).toBe('10.00')
    expect(estimateTotals([item('1000.00', { isMaterial: true })], null, [rule]).taxTotal).toBe('50.00')
  })

  it('sums several taxes on the same items', () => {
    const t = estimateTotals([item('100.00', { isMaterial: true })], null, [tax('STATE', '0.0600'), tax('CITY', '0.0225')])
    expect(t.taxes.map((x) => x.amount)).toEqual(['6.00', '2.25'])
    expect(t).toMatchObject({ taxTotal: '8.25', grandTotal: '108.25' })
  })
})

describe('estimateTotals: decimal exactness and rounding', () => {
  it('rounds half-up at the cent (0.005 → 0.01), where binary floats would round down', () => {
    // 0.10 × 5 % = 0.005 exactly; in floats 0.1 * 0.05 = 0.005000000000000001 but 1.005 * 100 = 100.49999…
    expect(estimateTotals([item('0.10')], { ...NO_MARKUP, overheadPercentage: '5.00' }, []).overhead).toBe('0.01')
    // 20.10 × 5 % = 1.005 → 1.01 (Math.round(1.005 * 100) / 100 gives 1.00)
    expect(estimateTotals([item('20.10')], { ...NO_MARKUP, overheadPercentage: '5.00' }, []).overhead).toBe('1.01')
    // 0.0825 × 6.06 = 0.49995 → 0.50
    expect(estimateTotals([item('6.06', { isMaterial: true })], null, [tax('S', '0.0825')]).taxTotal).toBe('0.50')
  })

  it('adds many cents without drift', () => {
    const items = Array.from({ length: 1000 }, () => item('0.10', { isMaterial: true }))
    expect(estimateTotals(items, null, []).baseTotal).toBe('100.00')
    const cents = Array.from({ length: 3 }, () => item('0.10'))
    expect(estimateTotals([...cents, item('0.20')], null, []).baseTotal).toBe('0.50')
  })

  it('handles large totals exactly', () => {
    const t = estimateTotals([item('999999999999.99', { isMaterial: true })], { ...NO_MARKUP, profitPercentage: '100.00' }, [tax('S', '1.0000')])
    // Taxed at 100 % on the marked-up total (item + its profit): 1999999999999.98
    expect(t).toMatchObject({ profit: '999999999999.99', subtotalWithMarkup: '1999999999999.98', taxTotal: '1999999999999.98', grandTotal: '3999999999999.96' })
  })

  it('rounds a credit (negative) line half away from zero and does not tax a negative amount', () => {
    const t = estimateTotals([item('-20.10', { isMaterial: true })], { ...NO_MARKUP, overheadPercentage: '5.00' }, [tax('S', '0.1000')])
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
    const t = estimateTotals(items, markup, [tax('A', '0.0825'), tax('B', '0.0333', { applyToLabor: true })])
    const cents = (s: string) => Math.round(Number(s) * 100)
    expect(cents(t.markupTotal)).toBe(cents(t.overhead) + cents(t.profit) + cents(t.contingency) + cents(t.costTypeMarkup))
    expect(cents(t.subtotalWithMarkup)).toBe(cents(t.baseTotal) + cents(t.markupTotal))
    expect(cents(t.taxTotal)).toBe(t.taxes.reduce((s, x) => s + cents(x.amount), 0))
    expect(cents(t.grandTotal)).toBe(cents(t.subtotalWithMarkup) + cents(t.taxTotal))
  })

  it('refuses a value that is not a decimal string', () => {
    expect(() => estimateTotals([item('1e3')], null, [])).toThrow(/not a decimal/)
    expect(() => estimateTotals([item('NaN')], null, [])).toThrow(/not a decimal/)
  })
})

// The markup half alone, as the Cost by Type card reads it (its totals are the same figures).
const markupTotals = (items: PricedItem[], markup: MarkupRates | null) => costByType(items, markup).totals
const cents = (s: string) => Math.round(Number(s) * 100)
const sum = (xs: string[]) => xs.reduce((a, x) => a + cents(x), 0)
const items = [
  item('450.00', { isLabor: true }),
  item('384.40', { isMaterial: true }),
  item('275.00', { isEquipment: true, applyMarkup: false }),
  item('1200.00', { isSubcontractor: true }),
  item('99.99'),
  item('24.68', { isMaterial: true }),
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

describe('the markup half', () => {
  it('matches the hand-worked figures', () => {
    expect(markupTotals(items, markup)).toEqual({
      baseTotal: '2434.07',
      overhead: '486.81', // 486.814
      profit: '365.11', // 365.1105
      contingency: '121.70', // 121.7035
      costTypeMarkup: '112.16', // 11.25 + 40.908 → 40.91 (one rounding per type) + 0 (no applyMarkup) + 60
      markupTotal: '1085.78',
      subtotalWithMarkup: '3519.85',
    })
  })

  it('prices at cost without a profile, and with nothing at all', () => {
    expect(markupTotals(items, null)).toMatchObject({ baseTotal: '2434.07', markupTotal: '0.00', subtotalWithMarkup: '2434.07' })
    expect(markupTotals([], markup)).toEqual({
      baseTotal: '0.00',
      overhead: '0.00',
      profit: '0.00',
      contingency: '0.00',
      costTypeMarkup: '0.00',
      markupTotal: '0.00',
      subtotalWithMarkup: '0.00',
    })
  })

  it('rounds half away from zero on exact decimals, never through floats', () => {
    // 0.50 × 1 % = 0.005 → 0.01; a float gives 0.005 * 100 = 0.49999… on some paths.
    const t = markupTotals([item('0.50', { isLabor: true })], { ...markup, overheadPercentage: '1.00', laborMarkupPercentage: '1.00' })
    expect(t.overhead).toBe('0.01')
    expect(t.costTypeMarkup).toBe('0.01')
    // 1.15 × 10 % = 0.115 → 0.12 (1.15 * 0.1 is 0.11499999… in binary floats).
    expect(markupTotals([item('1.15')], { ...markup, overheadPercentage: '10.00', profitPercentage: '0', contingencyPercentage: '0' }).overhead).toBe('0.12')
  })

  it('takes an item type from the first flag set (Labor, Material, Equipment, Subcontractor)', () => {
    const both = item('100.00', { isMaterial: true, isLabor: true })
    const rates = { ...NO_MARKUP, laborMarkupPercentage: '10.00', materialMarkupPercentage: '50.00' }
    expect(markupTotals([both], rates).costTypeMarkup).toBe('10.00')
  })

  it('refuses what is not a decimal (a programming error, not user input)', () => {
    expect(() => markupTotals([item('12,50')], null)).toThrow(/not a decimal/)
    expect(() => markupTotals([item('1')], { ...markup, overheadPercentage: 'NaN' })).toThrow(/not a decimal/)
  })
})

describe('costByType', () => {
  it('splits the worked example by type, adding up to the totals to the cent', () => {
    const { rows, totals } = costByType(items, markup)
    // Overhead + profit + contingency = 973.62 shared pro rata to cost (0.39999… per dollar):
    // exact 179.9985, 163.6307, 109.9991, 479.9961, 39.9957; floors leave 3 cents for the three
    // largest remainders (Equipment, Labor, Subcontractor), so Other gets 39.99, not 40.00.
    expect(rows).toEqual([
      { type: 'Labor', itemCount: 1, subtotal: '450.00', typeMarkup: '11.25', sharedMarkup: '180.00', markup: '191.25', total: '641.25', share: '18.2' },
      { type: 'Material', itemCount: 2, subtotal: '409.08', typeMarkup: '40.91', sharedMarkup: '163.63', markup: '204.54', total: '613.62', share: '17.4' },
      { type: 'Equipment', itemCount: 1, subtotal: '275.00', typeMarkup: '0.00', sharedMarkup: '110.00', markup: '110.00', total: '385.00', share: '11.0' },
      {
        type: 'Subcontractor',
        itemCount: 1,
        subtotal: '1200.00',
        typeMarkup: '60.00',
        sharedMarkup: '480.00',
        markup: '540.00',
        total: '1740.00',
        share: '49.4',
      },
      { type: 'Other', itemCount: 1, subtotal: '99.99', typeMarkup: '0.00', sharedMarkup: '39.99', markup: '39.99', total: '139.98', share: '4.0' },
    ])
    expect(estimateTotals(items, markup, [])).toMatchObject(totals)
    expect(sum(rows.map((r) => r.subtotal))).toBe(cents(totals.baseTotal))
    expect(sum(rows.map((r) => r.typeMarkup))).toBe(cents(totals.costTypeMarkup))
    expect(sum(rows.map((r) => r.markup))).toBe(cents(totals.markupTotal))
    expect(sum(rows.map((r) => r.total))).toBe(cents(totals.subtotalWithMarkup))
    expect(rows.reduce((a, r) => a + Number(r.share) * 10, 0)).toBe(1000)
  })

  it('lists every type in order, zeros included, and all-zero shares when there is nothing', () => {
    const { rows, totals } = costByType([], markup)
    expect(rows.map((r) => r.type)).toEqual([...COST_TYPE_ORDER])
    expect(rows.every((r) => r.total === '0.00' && r.share === '0.0' && r.itemCount === 0)).toBe(true)
    expect(totals.subtotalWithMarkup).toBe('0.00')
  })

  it('keeps the sums exact where every share is a third (ties go to the earlier type)', () => {
    const three = [item('100.00', { isLabor: true }), item('100.00', { isMaterial: true }), item('100.00', { isEquipment: true })]
    // 300 × 3.33 % = 9.99 and 300 × 0.01 % = 0.03: 10.02 shared 3.34 each; 100.0 % shared 33.4 + 33.3 + 33.3.
    const { rows, totals } = costByType(three, { ...NO_MARKUP, overheadPercentage: '3.33', profitPercentage: '0.01' })
    expect(totals.markupTotal).toBe('10.02')
    expect(rows.slice(0, 3).map((r) => r.markup)).toEqual(['3.34', '3.34', '3.34'])
    expect(rows.slice(0, 3).map((r) => r.share)).toEqual(['33.4', '33.3', '33.3'])
    expect(sum(rows.map((r) => r.total))).toBe(cents(totals.subtotalWithMarkup))
  })

  it('without a profile, markup is zero and each total is its cost', () => {
    const { rows } = costByType(items, null)
    expect(rows.map((r) => [r.type, r.markup, r.total])).toEqual([
      ['Labor', '0.00', '450.00'],
      ['Material', '0.00', '409.08'],
      ['Equipment', '0.00', '275.00'],
      ['Subcontractor', '0.00', '1200.00'],
      ['Other', '0.00', '99.99'],
    ])
  })
})
