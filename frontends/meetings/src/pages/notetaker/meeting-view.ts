import { MEETING_SUMMARY_PREVIEW_CHARS, type Meeting, type MeetingDetail, type MeetingStatus } from '@plumbline/contracts'

// Pure helpers of the notetaker screens (unit-tested in test/meeting-view.test.ts).

export const STATUS_LABEL: Record<MeetingStatus, string> = {
  recording: 'Awaiting recording',
  transcribing: 'Transcribing',
  completed: 'Completed',
  failed: 'Failed',
  unavailable: 'No transcript',
  scheduled: 'Scheduled',
  upcoming: 'Upcoming',
}

const TRANSCRIPT_SOURCES: Record<string, string> = {
  import: 'imported file',
  pocketsphinx: 'basic offline recogniser (pocketsphinx)',
  openai: 'OpenAI-compatible recogniser',
}

/** Where a transcript came from, as the detail view names it. */
export const transcriptSource = (provider: string) => TRANSCRIPT_SOURCES[provider] ?? provider

/** Spec 001 §2: the list's summary preview is cut to 150 characters. */
export function summaryPreview(summary: string | null): string | null {
  const text = summary?.trim()
  if (!text) return null
  return text.length > MEETING_SUMMARY_PREVIEW_CHARS ? `${text.slice(0, MEETING_SUMMARY_PREVIEW_CHARS).trimEnd()}…` : text
}

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`
}

/** A transcript timestamp: 65_000 ms → "1:05". */
export const formatOffset = (ms: number) => formatDuration(ms / 1000)

export function formatStartTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
}

/** Spec 001 §2: the volume bar's colour changes above 50 and 80 percent. */
export function volumeTone(percent: number): 'low' | 'medium' | 'high' {
  return percent > 80 ? 'high' : percent > 50 ? 'medium' : 'low'
}

/** True while the list should look again: a job is running. */
export const anyInProgress = (meetings: readonly Pick<Meeting, 'status'>[]) => meetings.some((m) => m.status === 'transcribing')

/**
 * The text attached to an estimate's contractor-only meeting notes (which AI generation reads):
 * title and date, the summary, the action items and the transcript with timestamps and speakers.
 */
export function meetingNotesText(meeting: MeetingDetail, locale?: string): string {
  const lines = [`Meeting: ${meeting.title} (${formatStartTime(meeting.startTime, locale)})`]
  if (meeting.summary) lines.push('', 'Summary:', meeting.summary)
  if (meeting.actionItems.length) {
    lines.push('', 'Action items:')
    for (const item of meeting.actionItems) {
      const extra = [item.owner, item.dueDate ? `due ${item.dueDate}` : null].filter(Boolean).join(', ')
      lines.push(`- ${item.text}${extra ? ` (${extra})` : ''}`)
    }
  }
  if (meeting.segments.length) {
    lines.push('', 'Transcript:')
    const timed = meeting.segments.some((s) => s.endMs > 0)
    for (const s of meeting.segments) lines.push(`${timed ? `[${formatOffset(s.startMs)}] ` : ''}${s.speaker ? `${s.speaker}: ` : ''}${s.text}`)
  }
  return lines.join('\n')
}

/** Existing notes are kept: the meeting's notes follow them. */
export function appendNotes(existing: string | null | undefined, added: string): string {
  const before = existing?.trim()
  return before ? `${before}\n\n---\n\n${added}` : added
}
