import { describe, expect, it } from 'vitest'
import { allocateByWeight, COST_TYPE_ORDER, costByType, type MarkupItem, type MarkupRates, markupTotals } from '../src/index.js'

const item = (totalCost: string, flags: Partial<MarkupItem> = {}): MarkupItem => ({
  totalCost,
  isLabor: false,
  isMaterial: false,
  isEquipment: false,
  isSubcontractor: false,
  applyMarkup: true,
  ...flags,
})
const cents = (s: string) => Math.round(Number(s) * 100)
const sum = (xs: string[]) => xs.reduce((a, x) => a + cents(x), 0)

// The worked example of services/estimates/src/domain/pricing.ts (its unit test asserts the same
// totals through computeTotals, which takes its markup from here).
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

describe('markupTotals', () => {
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

const NO_MARKUP: MarkupRates = {
  overheadPercentage: '0.00',
  profitPercentage: '0.00',
  contingencyPercentage: '0.00',
  laborMarkupPercentage: '0.00',
  materialMarkupPercentage: '0.00',
  equipmentMarkupPercentage: '0.00',
  subcontractorMarkupPercentage: '0.00',
}

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
    expect(totals).toEqual(markupTotals(items, markup))
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

describe('allocateByWeight', () => {
  it('rounds each share down or up and always adds up to the amount', () => {
    expect(allocateByWeight(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n])
    expect(allocateByWeight(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n])
    expect(allocateByWeight(10n, [0n, 5n, 0n])).toEqual([0n, 10n, 0n])
    expect(allocateByWeight(7n, [0n, 0n])).toEqual([0n, 0n])
    for (const [amount, weights] of [
      [97362n, [45000n, 40908n, 27500n, 120000n, 9999n]],
      [1n, [3n, 3n, 3n]],
      [999n, [1n, 2n, 3n, 4n, 5n, 6n, 7n]],
    ] as const) {
      const parts = allocateByWeight(amount, [...weights])
      expect(parts.reduce((a, p) => a + p, 0n)).toBe(amount)
      const total = weights.reduce((a, w) => a + w, 0n)
      parts.forEach((p, i) => {
        const exact = (Number(amount) * Number(weights[i])) / Number(total)
        expect(Math.abs(Number(p) - exact)).toBeLessThan(1)
      })
    }
  })
})
