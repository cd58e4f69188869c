import { describe, expect, it } from 'vitest'
import { meetingDay, resolveDueDate } from '../../src/meeting-notes/due-dates.js'

// Tuesday 1 December 2026.
const TUESDAY = '2026-12-01T15:30:00Z'

describe('due dates resolved against the meeting date', () => {
  it.each([
    ['by today', '2026-12-01'],
    ['tonight', '2026-12-01'],
    ['by end of day', '2026-12-01'],
    ['tomorrow', '2026-12-02'],
    ['the day after tomorrow', '2026-12-03'],
    ['by Friday', '2026-12-04'],
    ['on thursday', '2026-12-03'],
    // Said on a Tuesday, "Tuesday" is next week's.
    ['by Tuesday', '2026-12-08'],
    ['Monday', '2026-12-07'],
    ['next Friday', '2026-12-11'],
    ['next Monday', '2026-12-07'],
    ['next week', '2026-12-07'],
    ['by the end of the week', '2026-12-04'],
    ['this week', '2026-12-04'],
    ['by the end of the month', '2026-12-31'],
    ['by month end', '2026-12-31'],
    ['next month', '2027-01-01'],
    ['in two weeks', '2026-12-15'],
    ['in 3 days', '2026-12-04'],
    ['in a week', '2026-12-08'],
    ['by December 3', '2026-12-03'],
    ['by Dec 3rd', '2026-12-03'],
    ['on the 3rd of December', '2026-12-03'],
    ['by December 3, 2027', '2027-12-03'],
    ['12/15', '2026-12-15'],
    ['by 1/8', '2027-01-08'],
    ['on 12/15/2026', '2026-12-15'],
    ['on 12/15/27', '2027-12-15'],
    ['by 2026-12-03', '2026-12-03'],
    // A month and day already past this year is next year's (deadlines lie ahead).
    ['by March 2', '2027-03-02'],
    ['by Friday, December 11', '2026-12-11'],
  ])('"%s" → %s', (phrase, expected) => {
    expect(resolveDueDate(`Sarah will send the permit ${phrase}.`, TUESDAY)).toBe(expected)
  })

  it.each([
    'Sarah will send the permit.',
    'We need 1/2 inch plywood and 3/4" trim.',
    'The roof is 24/7 exposed to the wind.',
    'by February 30',
    'on 13/45',
    'we may 2 coats of paint',
  ])('no date in "%s"', (sentence) => {
    expect(resolveDueDate(sentence, TUESDAY)).toBeNull()
  })

  it('crosses months and years', () => {
    expect(resolveDueDate('by Friday', '2026-12-30')).toBe('2027-01-01')
    expect(resolveDueDate('end of the month', '2027-02-10')).toBe('2027-02-28')
    expect(resolveDueDate('end of the month', '2028-02-10')).toBe('2028-02-29')
    expect(resolveDueDate('next week', '2026-12-06')).toBe('2026-12-07')
    expect(resolveDueDate('this week', '2026-12-05')).toBe('2026-12-05')
  })

  it('takes the meeting day as written in the ISO date, not as UTC sees it', () => {
    expect(meetingDay('2026-12-01T21:00:00-05:00')?.toISOString().slice(0, 10)).toBe('2026-12-01')
    expect(resolveDueDate('tomorrow', '2026-12-01T21:00:00-05:00')).toBe('2026-12-02')
  })

  it('gives no date when the meeting date is unreadable', () => {
    expect(resolveDueDate('tomorrow', 'last Tuesday')).toBeNull()
    expect(resolveDueDate('tomorrow', '2026-13-01')).toBeNull()
  })
})
