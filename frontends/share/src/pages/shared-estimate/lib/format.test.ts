import { describe, expect, it } from 'vitest'
import { formatCurrency, preview, shortHash, shouldCollapse, varianceRange } from './format'

describe('public page display rules', () => {
  it('shows the variance range rounded to whole dollars', () => {
    expect(varianceRange('100000.00', '10.00')).toEqual({ low: 90_000, high: 110_000, percentage: 10 })
    expect(varianceRange('100000.00', null)).toEqual({ low: 85_000, high: 115_000, percentage: 15 })
    expect(varianceRange('12345.67', '7.5')).toEqual({ low: 11_420, high: 13_272, percentage: 7.5 })
    expect(varianceRange(null, '10')).toBeNull()
  })

  it('formats dollars', () => {
    expect(formatCurrency('90000', { whole: true })).toBe('$90,000')
    expect(formatCurrency('1234.5')).toBe('$1,234.50')
    expect(formatCurrency(null)).toBe('—')
  })

  it('collapses long sections with a 150 character preview', () => {
    expect(shouldCollapse('a'.repeat(501))).toBe(true)
    expect(shouldCollapse('1\n2\n3\n4\n5\n6')).toBe(true)
    expect(shouldCollapse('1\n2\n3\n4\n5')).toBe(false)
    expect(preview('b'.repeat(200))).toBe(`${'b'.repeat(150)}…`)
  })

  it('shortens the snapshot hash', () => {
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab')
    expect(shortHash(null)).toBe('')
  })
})
