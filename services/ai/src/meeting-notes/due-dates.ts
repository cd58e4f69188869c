// Due dates said in a meeting ("by Friday", "next week", "12/15") resolved against the meeting's
// own date, never the clock: the same transcript always gives the same dates, however late it is
// summarised. Dates are plain calendar days (UTC arithmetic on midnight), so no time zone moves them.

const DAY_MS = 86_400_000
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const
const MONTH_ABBREVIATIONS: Record<string, number> = Object.fromEntries(MONTHS.map((m, i) => [m.slice(0, 3), i]))
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 }

const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?'
const DAY_OF_MONTH = '(\\d{1,2})(?:st|nd|rd|th)?'
const WEEKDAY_NAME = `(${WEEKDAYS.join('|')})`

const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day))
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS)
export const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** A real calendar day (no 31 November), else null. */
function validDay(year: number, month: number, day: number): Date | null {
  const date = utcDay(year, month, day)
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : null
}

/**
 * The meeting's calendar day. The date part of an ISO string is taken as written, so
 * "2026-12-01T19:00:00-05:00" is 1 December (the day the people in the room lived), not UTC's 2nd.
 */
export function meetingDay(meetingDate: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(meetingDate.trim())
  if (m) return validDay(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  const parsed = new Date(meetingDate)
  return Number.isNaN(parsed.getTime()) ? null : utcDay(parsed.getUTCFullYear(), parsed.getUTCMonth(), parsed.getUTCDate())
}

/** The first such weekday strictly after `from` ("by Friday" said on a Friday means next week's). */
function nextWeekday(from: Date, weekday: number): Date {
  const ahead = (weekday - from.getUTCDay() + 7) % 7 || 7
  return addDays(from, ahead)
}

/** Monday of the week after `from` (weeks start on Monday). */
const nextMonday = (from: Date) => nextWeekday(from, 1)

/** A day and month without a year: the first such day on or after the meeting (deadlines lie ahead). */
function upcoming(from: Date, month: number, day: number): Date | null {
  const thisYear = validDay(from.getUTCFullYear(), month, day)
  if (thisYear && thisYear >= from) return thisYear
  return validDay(from.getUTCFullYear() + 1, month, day)
}

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year))
// -1 (no month) makes validDay refuse the date. Lower-case "may" is the verb ("we may 2 coats").
const monthIndex = (name = '') => (name === 'may' ? -1 : (MONTH_ABBREVIATIONS[name.toLowerCase().slice(0, 3)] ?? -1))
const weekdayIndex = (name = '') => (WEEKDAYS as readonly string[]).indexOf(name.toLowerCase())

type Rule = { pattern: RegExp; resolve: (m: RegExpExecArray, from: Date) => Date | null }

// Most specific first: "Friday, December 4" is the 4th, whatever Friday the weekday rule would find.
const RULES: readonly Rule[] = [
  { pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/, resolve: (m) => validDay(Number(m[1]), Number(m[2]) - 1, Number(m[3])) },
  // US order, as the product's users write dates: 12/15 is 15 December; 1/2 inch is a size, not 2 January.
  {
    pattern: /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?\b(?!\s*(?:"|''|-?inch|in\b|ft\b|foot|feet|mm\b|cm\b|yards?\b|lbs?\b|pounds?\b|%))/i,
    resolve: (m, from) => (m[3] ? validDay(fullYear(m[3]), Number(m[1]) - 1, Number(m[2])) : upcoming(from, Number(m[1]) - 1, Number(m[2]))),
  },
  {
    pattern: new RegExp(`\\b${MONTH_NAME}\\s+${DAY_OF_MONTH}(?:,?\\s+(\\d{4}))?\\b`, 'i'),
    resolve: (m, from) => (m[3] ? validDay(Number(m[3]), monthIndex(m[1]), Number(m[2])) : upcoming(from, monthIndex(m[1]), Number(m[2]))),
  },
  {
    pattern: new RegExp(`\\b(?:the\\s+)?${DAY_OF_MONTH}\\s+(?:of\\s+)?${MONTH_NAME}(?:,?\\s+(\\d{4}))?\\b`, 'i'),
    resolve: (m, from) => (m[3] ? validDay(Number(m[3]), monthIndex(m[2]), Number(m[1])) : upcoming(from, monthIndex(m[2]), Number(m[1]))),
  },
  {
    pattern: /\b(?:end of (?:the |this )?month|month[- ]end)\b/i,
    resolve: (_m, from) => utcDay(from.getUTCFullYear(), from.getUTCMonth() + 1, 0),
  },
  { pattern: /\bnext month\b/i, resolve: (_m, from) => utcDay(from.getUTCFullYear(), from.getUTCMonth() + 1, 1) },
  { pattern: /\bnext week\b/i, resolve: (_m, from) => nextMonday(from) },
  // "This week" and "end of the week" mean by its Friday (the meeting day itself once Friday has passed).
  {
    pattern: /\b(?:end of (?:the |this )?week|this week)\b/i,
    resolve: (_m, from) => (from.getUTCDay() >= 1 && from.getUTCDay() <= 5 ? addDays(from, 5 - from.getUTCDay()) : from),
  },
  {
    pattern: /\bin\s+(\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(days?|weeks?)\b/i,
    resolve: (m, from) => {
      const count = m[1]?.toLowerCase() ?? ''
      const n = NUMBER_WORDS[count] ?? Number(count)
      return addDays(from, m[2]?.toLowerCase().startsWith('week') ? 7 * n : n)
    },
  },
  { pattern: /\bday after tomorrow\b/i, resolve: (_m, from) => addDays(from, 2) },
  { pattern: /\btomorrow\b/i, resolve: (_m, from) => addDays(from, 1) },
  { pattern: /\b(?:today|tonight|end of (?:the )?day|eod)\b/i, resolve: (_m, from) => from },
  // "Next Friday" is the Friday of next week; plain "Friday" the first one ahead.
  {
    pattern: new RegExp(`\\bnext\\s+${WEEKDAY_NAME}\\b`, 'i'),
    resolve: (m, from) => addDays(nextMonday(from), (weekdayIndex(m[1]) + 6) % 7),
  },
  {
    pattern: new RegExp(`\\b${WEEKDAY_NAME}\\b`, 'i'),
    resolve: (m, from) => nextWeekday(from, weekdayIndex(m[1])),
  },
]

/** The due date (YYYY-MM-DD) a sentence names, resolved against the meeting's date; null when it names none. */
export function resolveDueDate(sentence: string, meetingDate: string): string | null {
  const from = meetingDay(meetingDate)
  if (!from) return null
  for (const rule of RULES) {
    const m = rule.pattern.exec(sentence)
    if (!m) continue
    const date = rule.resolve(m, from)
    if (date) return isoDay(date)
  }
  return null
}
