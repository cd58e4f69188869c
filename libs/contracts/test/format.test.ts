import { describe, expect, it } from 'vitest'
import {
  costPerSquareFoot,
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercent,
  formatVarianceRange,
  normalizeVariance,
  toCents,
  varianceRange,
} from '../src/format.js'

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

describe('formatters', () => {
  it('formats dollars with cents or whole', () => {
    expect(formatCurrency('90000', { whole: true })).toBe('$90,000')
    expect(formatCurrency('1234.5')).toBe('$1,234.50')
    expect(formatCurrency('$1,234.5')).toBe('$1,234.50')
    expect(formatCurrency(null)).toBe('—')
  })

  it('rounds cents half away from zero without float noise', () => {
    expect(toCents('1.005')).toBe(101)
    expect(toCents('-1.005')).toBe(-101)
    expect(toCents('x')).toBeNull()
  })

  it('formats numbers, percentages and dates', () => {
    expect(formatNumber(1900)).toBe('1,900')
    expect(formatNumber('12.345', 2)).toBe('12.35')
    expect(formatPercent('12.50')).toBe('12.5%')
    expect(formatPercent(null)).toBe('—')
    expect(formatDate('2026-11-24T12:00:00.000Z', 'long', 'UTC')).toBe('November 24, 2026')
    expect(formatDate('2026-11-24T12:00:00.000Z', 'short', 'UTC')).toBe('Nov 24, 2026')
    expect(formatDate('not a date')).toBe('—')
  })

  it('computes cost per square foot only for a positive area', () => {
    expect(costPerSquareFoot('100000', 2000)).toBe(50)
    expect(costPerSquareFoot('100000', 0)).toBeNull()
    expect(costPerSquareFoot(null, 2000)).toBeNull()
  })
})
