import { describe, expect, it } from 'vitest'
import {
  allocateByWeight,
  centsOf,
  centsText,
  fixedText,
  formatCents,
  formatVarianceRange,
  lineTotal,
  lineTotalCents,
  moneyText,
  normalizeVariance,
  parseCents,
  percentageOfTotal,
  percentOf,
  quantityText,
  rateOf,
  roundHalfAway,
  splitByPercentages,
  sumCents,
  varianceRange,
} from '../src/money/index.js'

// The money module's rules, one table each: half away from zero at every rounding, exact on
// decimals (the float traps 0.1 + 0.2 and 1.005 included), signs, zero and values past a trillion.

describe('roundHalfAway: half away from zero, not to even', () => {
  it.each([
    [5n, 10n, 1n], // 0.5 → 1
    [-5n, 10n, -1n],
    [4n, 10n, 0n],
    [-4n, 10n, 0n],
    [15n, 10n, 2n], // 1.5 → 2
    [25n, 10n, 3n], // 2.5 → 3 (banker's rounding would give 2)
    [-25n, 10n, -3n],
    [0n, 7n, 0n],
    [10n ** 30n + 5n, 10n, 10n ** 29n + 1n],
  ])('%s / %s → %s', (n, d, expected) => {
    expect(roundHalfAway(n, d)).toBe(expected)
  })
})

describe('parseCents: an amount as written, to whole cents', () => {
  it.each<[unknown, bigint | null]>([
    ['1.005', 101n], // a float would give 100.49999… cents
    ['-1.005', -101n],
    ['0.005', 1n],
    ['-0.005', -1n],
    ['0.004', 0n],
    ['-0.004', 0n],
    ['0', 0n],
    ['-0', 0n],
    ['1234.5', 123450n],
    ['-12.345', -1235n],
    ['$1,234.5', 123450n],
    [' 12 ', 1200n],
    ['3.', 300n],
    [0.1 + 0.2, 30n], // 0.30000000000000004
    [1.005, 101n], // read as its shortest decimal, "1.005"
    [-1.005, -101n],
    [1e21, 10n ** 23n],
    [1e-7, 0n],
    ['999999999999.99', 99999999999999n],
    ['999999999999.995', 100000000000000n],
    ['1e3', 100000n],
    [{ toString: () => '42.125' }, 4213n], // a Prisma Decimal
    ['x', null],
    ['', null],
    ['12.3.4', null],
    ['12,50.1.', null],
    ['9'.repeat(41), null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (value, expected) => {
    expect(parseCents(value as string)).toBe(expected)
  })

  it('centsOf refuses what is not a plain decimal (stored values are; anything else is a bug)', () => {
    expect(centsOf('20.10')).toBe(2010n)
    for (const bad of ['1e3', '12,50', 'NaN', '', '$1']) expect(() => centsOf(bad)).toThrow(/not a decimal/)
  })
})

describe('formatting', () => {
  it.each([
    [0n, {}, '$0.00'],
    [5n, {}, '$0.05'],
    [-5n, {}, '-$0.05'],
    [-1200n, {}, '-$12.00'],
    [123456789n, {}, '$1,234,567.89'],
    [99999999999999n, {}, '$999,999,999,999.99'],
    [150n, { whole: true }, '$2'], // half a dollar rounds away from zero
    [149n, { whole: true }, '$1'],
    [-150n, { whole: true }, '-$2'],
    [-49n, { whole: true }, '$0'],
    [9_000_000n, { whole: true }, '$90,000'],
  ])('formatCents(%s, %o) = %s', (cents, opts, expected) => {
    expect(formatCents(cents, opts)).toBe(expected)
  })

  it.each([
    ['1.005', 2, '1.01'],
    ['12.5', 3, '12.500'],
    ['0.0825', 4, '0.0825'],
    ['0.08245', 4, '0.0825'],
    ['-2.345', 2, '-2.35'],
    ['-0.001', 2, '0.00'],
    ['7', 2, '7.00'],
  ])('fixedText(%s, %s) = %s', (value, scale, expected) => {
    expect(fixedText(value, scale)).toBe(expected)
  })

  it('prints stored values exactly', () => {
    expect(moneyText({ toString: () => '12.345' })).toBe('12.35')
    expect(moneyText(1e-7)).toBe('0.00')
    expect(quantityText('2.5')).toBe('2.500')
    expect(centsText(-7n)).toBe('-0.07')
    expect(() => moneyText('abc')).toThrow(/not a decimal/)
  })
})

describe('percentages and rates, each result rounded to cents', () => {
  it.each([
    [50n, '1.00', 1n], // 0.50 × 1 % = 0.005 → 0.01
    [115n, '10', 12n], // 1.15 × 10 % = 0.115 → 0.12 (0.11499… in floats)
    [2010n, '5.00', 101n], // 20.10 × 5 % = 1.005 → 1.01
    [-2010n, '5.00', -101n],
    [243407n, '20.00', 48681n], // 486.814
    [0n, '15', 0n],
    [99999999999999n, '100.00', 99999999999999n],
    [1000n, '33.33', 333n],
  ])('percentOf(%s, %s) = %s', (amount, percentage, expected) => {
    expect(percentOf(amount, percentage)).toBe(expected)
  })

  it.each([
    [96160n, '0.0825', 7933n], // 79.332
    [606n, '0.0825', 50n], // 0.49995 → 0.50
    [64125n, '0.01', 641n],
    [-1000n, '0.0825', -83n],
    [0n, '1', 0n],
  ])('rateOf(%s, %s) = %s', (amount, rate, expected) => {
    expect(rateOf(amount, rate)).toBe(expected)
  })

  it('percentageOfTotal is in hundredths of a percent, 0 without a total', () => {
    expect(percentageOfTotal(3_000_000n, 8_000_000n)).toBe(3750n)
    expect(percentageOfTotal(1n, 3n)).toBe(3333n)
    expect(percentageOfTotal(2n, 3n)).toBe(6667n)
    expect(percentageOfTotal(5n, 0n)).toBe(0n)
  })
})

describe('line totals: quantity (3 decimals) × unit cost (2 decimals), to cents', () => {
  it.each<[string | number, string | number, bigint | null]>([
    ['2.125', '19.99', 4248n], // 42.47875
    ['1.5', '0.03', 5n], // 0.045
    ['0.001', '0.01', 0n],
    ['3', '0.1', 30n],
    ['0.1', '0.70', 7n],
    [0.1, 0.7, 7n],
    ['1.005', '1.00', 101n],
    ['0.333', '3.00', 100n],
    ['1234.567', '89.99', 11109868n],
    ['123456.789', '9999.99', 123456665543n],
    ['1', '-10.005', -1001n], // the unit cost is first read at 2 decimals: -10.01
    ['2.1255', '1.00', 213n], // and the quantity at 3: 2.126
    ['999999999.999', '9999999999.99', 999999999998000000000n],
    ['1', '0', 0n],
    ['', '5', null],
    ['abc', '5', null],
  ])('%s × %s = %s', (quantity, unitCost, expected) => {
    expect(lineTotalCents(quantity, unitCost)).toBe(expected)
    expect(lineTotal(quantity, unitCost)).toBe(centsText(expected ?? 0n))
  })
})

describe('sums and splits', () => {
  it('adds cents without drift; what is not a number adds nothing', () => {
    expect(sumCents(['0.10', '0.20'])).toBe(30n)
    expect(sumCents(Array.from({ length: 1000 }, () => '0.10'))).toBe(10_000n)
    expect(sumCents([null, 'x', '1.00', undefined])).toBe(100n)
    expect(sumCents([])).toBe(0n)
  })

  it('splits a total by percentages, the remainder on the last share when they total 100', () => {
    const split = (total: string, percentages: string[]) => splitByPercentages(centsOf(total), percentages).map(centsText)
    expect(split('100.00', ['33.33', '33.33', '33.34'])).toEqual(['33.33', '33.33', '33.34'])
    expect(split('10.00', ['33.33', '33.33', '33.34'])).toEqual(['3.33', '3.33', '3.34'])
    expect(split('0.01', ['50', '50'])).toEqual(['0.01', '0.00'])
    expect(split('1000', ['10', '10'])).toEqual(['100.00', '100.00'])
    expect(split('1000', [])).toEqual([])
    expect(split('100.00', ['33.333', '33.333', '33.334'])).toEqual(['33.33', '33.33', '33.34'])
  })

  it('allocateByWeight rounds each share down or up and always adds up to the amount', () => {
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

describe('the variance range (spec 001 §9), one rule for the detail page, the public page and the PDF', () => {
  it('is the total cost ± the percent, each end rounded to whole dollars', () => {
    expect(varianceRange('100000.00', '10.00')).toEqual({ low: 90_000, high: 110_000, percentage: 10 })
    expect(varianceRange('12345.67', '7.5')).toEqual({ low: 11_420, high: 13_272, percentage: 7.5 })
    // 24,817.50 ± 12.5% = 21,715.3125 … 27,919.6875: the ends round on cents, then to dollars.
    expect(varianceRange('24817.50', '12.50')).toEqual({ low: 21_715, high: 27_920, percentage: 12.5 })
    // Half-dollar ends round up (1,001 ± 50% = 500.5 and 1,501.5); a zero variance is one point.
    expect(varianceRange(1001, 50)).toEqual({ low: 501, high: 1502, percentage: 50 })
    expect(varianceRange('2500.40', '0')).toEqual({ low: 2500, high: 2500, percentage: 0 })
  })

  it('falls back to 15 percent for a missing, invalid or negative setting', () => {
    expect(varianceRange('100000.00', null)).toEqual({ low: 85_000, high: 115_000, percentage: 15 })
    expect(normalizeVariance('abc')).toBe(15)
    expect(normalizeVariance(-1)).toBe(15)
    expect(normalizeVariance('0')).toBe(0)
  })

  it('never goes below zero and is null without a total', () => {
    expect(varianceRange('1000', '150')).toEqual({ low: 0, high: 2_500, percentage: 150 })
    expect(varianceRange(null, '10')).toBeNull()
    expect(varianceRange('', '10')).toBeNull()
  })

  it('prints the same way everywhere', () => {
    expect(formatVarianceRange({ low: 90_000, high: 110_000, percentage: 10 })).toBe('$90,000 - $110,000')
  })
})
