// Dates said in a meeting ("by Friday", "tomorrow", "12/15", "December 3rd", "next week"),
// resolved against the meeting's own date, as YYYY-MM-DD.

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'

const DAY = 86_400_000
const iso = (d: Date) => d.toISOString().slice(0, 10)
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY)
const monthIndex = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3)))

/** A real calendar day, or null (2026-02-30 is not one). */
function dayOf(year: number, month: number, day: number): Date | null {
  const d = new Date(Date.UTC(year, month, day))
  return d.getUTCMonth() === month && d.getUTCDate() === day ? d : null
}

/** A month and day without a year: this year, or next year when it is already past. */
function nextOccurrence(base: Date, month: number, day: number): Date | null {
  const thisYear = dayOf(base.getUTCFullYear(), month, day)
  if (thisYear && thisYear.getTime() >= base.getTime()) return thisYear
  return dayOf(base.getUTCFullYear() + 1, month, day)
}

/** The first `weekday` strictly after `base` ("by Friday" said on a Friday means next week's). */
function nextWeekday(base: Date, weekday: number): Date {
  const ahead = (weekday - base.getUTCDay() + 7) % 7 || 7
  return addDays(base, ahead)
}

/** The due date a sentence names, or null. `meetingDate` is an ISO date or date-time. */
export function dueDateIn(sentence: string, meetingDate: string): string | null {
  const parsed = new Date(meetingDate)
  if (Number.isNaN(parsed.getTime())) return null
  const base = new Date(Date.UTC(parsed.getUTCFullYear(), parsed.getUTCMonth(), parsed.getUTCDate()))
  const text = sentence.toLowerCase()

  const isoDate = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text)
  if (isoDate) {
    const d = dayOf(Number(isoDate[1]), Number(isoDate[2]) - 1, Number(isoDate[3]))
    if (d) return iso(d)
  }
  const slash = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(text)
  if (slash) {
    const [month, day] = [Number(slash[1]) - 1, Number(slash[2])]
    const year = slash[3] ? (slash[3].length === 2 ? 2000 + Number(slash[3]) : Number(slash[3])) : null
    const d = year === null ? nextOccurrence(base, month, day) : dayOf(year, month, day)
    if (d) return iso(d)
  }
  const monthFirst = new RegExp(`\\b${MONTH_RE}\\.? (\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(text)
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH_RE}\\b`).exec(text)
  if (monthFirst || dayFirst) {
    const [month, day] = monthFirst ? [monthIndex(monthFirst[1]), Number(monthFirst[2])] : [monthIndex(dayFirst?.[2] ?? ''), Number(dayFirst?.[1])]
    const d = nextOccurrence(base, month, day)
    if (d) return iso(d)
  }
  if (/\btoday\b|\btonight\b|\bend of (the )?day\b/.test(text)) return iso(base)
  if (/\btomorrow\b/.test(text)) return iso(addDays(base, 1))
  const inSome = /\bin (\d{1,2}|a|one|two|three) (day|week)s?\b/.exec(text)
  if (inSome) {
    const n = { a: 1, one: 1, two: 2, three: 3 }[inSome[1] as 'a'] ?? Number(inSome[1])
    return iso(addDays(base, inSome[2] === 'week' ? n * 7 : n))
  }
  const weekday = new RegExp(`\\b(next )?(${WEEKDAYS.join('|')})\\b`).exec(text)
  if (weekday) {
    const target = WEEKDAYS.indexOf(weekday[2])
    const d = nextWeekday(base, target)
    // "next Thursday" said on a Monday means the week after, not this week's Thursday.
    const stillThisWeek = target > base.getUTCDay()
    return iso(weekday[1] && stillThisWeek ? addDays(d, 7) : d)
  }
  if (/\bend of (the )?week\b/.test(text)) return iso(base.getUTCDay() === 5 ? base : nextWeekday(base, 5))
  if (/\bnext week\b/.test(text)) return iso(nextWeekday(base, 1))
  if (/\bend of (the )?month\b/.test(text)) return iso(new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + 1, 0)))
  return null
}
