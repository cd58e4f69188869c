/** The usage period of a moment: its UTC calendar month as 'YYYY-MM'. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7)
}

/**
 * When an event happened. A missing or unreadable occurredAt falls back to the processing time:
 * counting the action in a slightly wrong month beats not counting it at all.
 */
export function occurredAtOf(occurredAt: string, now = new Date()): Date {
  const at = new Date(occurredAt)
  return Number.isNaN(at.getTime()) ? now : at
}
