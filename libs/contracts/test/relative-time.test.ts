import { describe, expect, it } from 'vitest'
import { relativeTime } from '../src/format.js'

describe('relativeTime', () => {
  const now = new Date('2026-11-25T12:00:00Z')
  it('says the largest whole unit that fits', () => {
    expect(relativeTime('2026-11-25T11:59:30Z', now)).toBe('just now')
    expect(relativeTime('2026-11-25T11:55:00Z', now)).toBe('5 minutes ago')
    expect(relativeTime('2026-11-25T09:00:00Z', now)).toBe('3 hours ago')
    expect(relativeTime('2026-11-24T12:00:00Z', now)).toBe('yesterday')
    expect(relativeTime('2026-11-04T12:00:00Z', now)).toBe('3 weeks ago')
  })
})
