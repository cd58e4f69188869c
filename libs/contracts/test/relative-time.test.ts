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

// The Activity tab's cases (it used a copy of this function until the bell brought it here).
describe('relativeTime, as the Activity tab reads it', () => {
  const now = new Date('2030-01-10T12:00:00Z')
  it.each([
    ['2030-01-10T11:59:30Z', 'just now'],
    ['2030-01-10T11:55:00Z', '5 minutes ago'],
    ['2030-01-10T09:00:00Z', '3 hours ago'],
    ['2030-01-09T12:00:00Z', 'yesterday'],
    ['2029-12-20T12:00:00Z', '3 weeks ago'],
    ['2028-01-10T12:00:00Z', '2 years ago'],
  ])('%s reads "%s"', (iso, text) => expect(relativeTime(iso, now)).toBe(text))
})
