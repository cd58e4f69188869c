import { isoDateOf, isTaskOverdue, localIsoDate } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { earliestTodayAnywhere, isPastForEveryone } from '../../src/domain/due-date.js'

describe('isTaskOverdue', () => {
  const today = '2026-11-24'
  it.each([
    [{ completed: false, dueDate: '2026-11-23' }, true],
    [{ completed: false, dueDate: '2026-11-24' }, false],
    [{ completed: false, dueDate: '2026-12-01' }, false],
    [{ completed: true, dueDate: '2026-11-01' }, false],
    [{ completed: false, dueDate: null }, false],
  ])('%j is overdue: %s', (task, expected) => {
    expect(isTaskOverdue(task, today)).toBe(expected)
  })
})

describe('due dates', () => {
  it('reads the calendar day of ISO dates and date-times and refuses impossible days', () => {
    expect(isoDateOf('2026-11-30')).toBe('2026-11-30')
    expect(isoDateOf('2026-11-30T23:00:00.000Z')).toBe('2026-11-30')
    expect(isoDateOf('2026-02-30')).toBeNull()
    expect(isoDateOf('30/11/2026')).toBeNull()
    expect(isoDateOf('2026-11-30Tnonsense')).toBeNull()
  })

  it('names the local day', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })

  it('treats a day as past only once it is past in every time zone', () => {
    const now = new Date('2026-11-24T06:00:00Z') // 2026-11-23 in UTC-12
    expect(earliestTodayAnywhere(now)).toBe('2026-11-23')
    expect(isPastForEveryone('2026-11-23', now)).toBe(false)
    expect(isPastForEveryone('2026-11-22', now)).toBe(true)
  })
})
