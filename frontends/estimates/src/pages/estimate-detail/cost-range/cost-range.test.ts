import { describe, expect, it } from 'vitest'
import { formatCurrency } from '../lib/money'
import { costPerSquareFoot, normalizeVariance, varianceRange } from './cost-range'

describe('varianceRange', () => {
  it('applies the spec example: 10% on 100,000 gives 90,000 to 110,000', () => {
    expect(varianceRange('100000.00', '10.00')).toEqual({ low: 90_000, high: 110_000, percentage: 10 })
  })

  it('defaults to 15% when the setting is missing or invalid', () => {
    expect(varianceRange(100_000, null)).toEqual({ low: 85_000, high: 115_000, percentage: 15 })
    expect(varianceRange(100_000, 'abc')?.percentage).toBe(15)
    expect(normalizeVariance('-3')).toBe(15)
  })

  it('rounds each end to whole dollars', () => {
    // 12,345.67 ± 7.5% = 11,419.744… and 13,271.595…
    expect(varianceRange('12345.67', '7.50')).toEqual({ low: 11_420, high: 13_272, percentage: 7.5 })
    // Half-dollar ends round up (1,001 ± 50% = 500.5 and 1,501.5).
    expect(varianceRange(1001, 50)).toEqual({ low: 501, high: 1502, percentage: 50 })
  })

  it('keeps a zero variance as a single point and has no range without a total', () => {
    expect(varianceRange('2500.40', '0')).toEqual({ low: 2500, high: 2500, percentage: 0 })
    expect(varianceRange(null, 10)).toBeNull()
    expect(varianceRange('', 10)).toBeNull()
  })

  it('formats as whole US dollars', () => {
    const r = varianceRange(100_000, 10)!
    expect(`${formatCurrency(r.low, { whole: true })} - ${formatCurrency(r.high, { whole: true })}`).toBe('$90,000 - $110,000')
  })
})

describe('costPerSquareFoot', () => {
  it('divides the total by the area', () => {
    expect(costPerSquareFoot('100000.00', 2000)).toBe(50)
    expect(costPerSquareFoot('12345.67', 1000)).toBeCloseTo(12.34567, 6)
  })

  it('is null without a positive area or a total', () => {
    expect(costPerSquareFoot('100000.00', 0)).toBeNull()
    expect(costPerSquareFoot('100000.00', null)).toBeNull()
    expect(costPerSquareFoot(null, 1200)).toBeNull()
  })
})
