import { describe, expect, it } from 'vitest'
import { costPerSquareFoot, formatCurrency, formatDate, formatNumber, formatPercent } from '../src/format.js'

describe('formatters', () => {
  it('formats dollars with cents or whole', () => {
    expect(formatCurrency('90000', { whole: true })).toBe('$90,000')
    expect(formatCurrency('1234.5')).toBe('$1,234.50')
    expect(formatCurrency('$1,234.5')).toBe('$1,234.50')
    expect(formatCurrency(null)).toBe('—')
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
