import { describe, expect, it } from 'vitest'
import { backoffMs } from '../../src/providers/with-retries.js'

describe('backoffMs', () => {
  it('doubles per attempt with ±50 % jitter, rounded to whole milliseconds', () => {
    expect(backoffMs(1, 20, () => 0)).toBe(10)
    expect(backoffMs(1, 20, () => 0.5)).toBe(20)
    expect(backoffMs(1, 20, () => 0.99999)).toBe(30) // the top of the range rounds up to 1.5×
    expect(backoffMs(2, 20, () => 0.99999)).toBe(60)
    expect(backoffMs(3, 20, () => 0)).toBe(40)
  })
})
