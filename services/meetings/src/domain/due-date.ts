/**
 * Spec 001 §5: a due date is not before today. "Today" is the user's, and the server does not
 * know the user's time zone; the earliest today anywhere (UTC-12) is UTC's today or yesterday,
 * so a day before UTC's yesterday is in the past for everybody. The page checks the exact rule.
 */
export function earliestTodayAnywhere(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10)
}

export const isPastForEveryone = (day: string, now: Date = new Date()) => day < earliestTodayAnywhere(now)
