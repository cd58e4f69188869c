import { describe, expect, it } from 'vitest'
import { formatLimit, usageBar, usageBars, usagePercent } from './usage'

describe('usage bars (spec 000 §9)', () => {
  it('unlimited (-1) shows ∞ and fills 1% per item, capped at 100%', () => {
    expect(formatLimit(-1)).toBe('∞')
    expect(usagePercent(37, -1)).toBe(37)
    expect(usagePercent(250, -1)).toBe(100)
    expect(usageBar('Estimates', 5, -1).text).toBe('5/∞')
  })
  it('a limit of 0 shows an empty bar', () => {
    expect(usagePercent(4, 0)).toBe(0)
    expect(usageBar('PDFs', 4, 0)).toMatchObject({ percent: 0, text: '4/0' })
  })
  it('otherwise used/limit, capped at 100%', () => {
    expect(usagePercent(5, 20)).toBe(25)
    expect(usagePercent(30, 20)).toBe(100)
    expect(usagePercent(0, 20)).toBe(0)
  })
  it('builds the three monthly bars', () => {
    const bars = usageBars({ estimatesUsedThisMonth: 1, estimatesLimit: 10, pdfGenerationsThisMonth: 2, pdfLimit: 0, aiGenerationsThisMonth: 3, aiLimit: -1 })
    expect(bars.map((b) => [b.label, b.text, b.percent])).toEqual([
      ['Estimates', '1/10', 10],
      ['PDFs', '2/0', 0],
      ['AI', '3/∞', 3],
    ])
  })
})
