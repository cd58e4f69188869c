import type { MeetingDetail } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { anyInProgress, appendNotes, formatDuration, formatOffset, meetingNotesText, summaryPreview, volumeTone } from '../src/pages/notetaker/meeting-view'

describe('notetaker view helpers', () => {
  it('cuts the summary preview at 150 characters (spec 001 §2) and leaves shorter ones whole', () => {
    const long = `${'a'.repeat(149)} bcdef`
    expect(summaryPreview(long)).toBe(`${'a'.repeat(149)}…`)
    expect(summaryPreview('Short summary.')).toBe('Short summary.')
    expect(summaryPreview('   ')).toBeNull()
    expect(summaryPreview(null)).toBeNull()
    expect([...(summaryPreview('x'.repeat(400)) ?? '')].length).toBe(151)
  })

  it('formats durations and transcript offsets', () => {
    expect(formatDuration(0)).toBe('0:00')
    expect(formatDuration(75)).toBe('1:15')
    expect(formatDuration(3725)).toBe('1:02:05')
    expect(formatOffset(65_400)).toBe('1:05')
  })

  it('changes the volume colour above 50 and above 80 percent', () => {
    expect([0, 50, 51, 80, 81, 100].map(volumeTone)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high'])
  })

  it('polls only while a meeting is transcribing', () => {
    expect(anyInProgress([{ status: 'completed' }, { status: 'recording' }])).toBe(false)
    expect(anyInProgress([{ status: 'completed' }, { status: 'transcribing' }])).toBe(true)
  })

  it('writes the estimate notes with summary, action items and a timed transcript, after any existing notes', () => {
    const meeting = {
      id: 'm',
      title: 'Roof walk',
      description: null,
      status: 'completed',
      statusMessage: null,
      progress: null,
      duration: 8,
      startTime: '2026-11-20T15:00:00.000Z',
      updatedAt: '2026-11-20T15:10:00.000Z',
      summary: 'Flashing needs work.',
      hasAudio: false,
      segments: [
        { startMs: 1000, endMs: 4000, text: 'The flashing is loose.', speaker: 'Sarah' },
        { startMs: 65_000, endMs: 68_000, text: 'I will send the permit by Friday.', speaker: null },
      ],
      actionItems: [{ id: 'a', text: 'Send the permit', owner: 'Sarah', dueDate: '2026-11-27', sourceSegmentIndex: 1, taskId: null }],
      transcriptionProvider: 'pocketsphinx',
      summaryProvider: 'builtin',
      audio: null,
    } satisfies MeetingDetail
    const text = meetingNotesText(meeting, 'en-US')
    expect(text).toMatch(/^Meeting: Roof walk \(/)
    expect(text).toContain('Summary:\nFlashing needs work.')
    expect(text).toContain('Action items:\n- Send the permit (Sarah, due 2026-11-27)')
    expect(text).toContain('Transcript:\n[0:01] Sarah: The flashing is loose.\n[1:05] I will send the permit by Friday.')
    expect(appendNotes('Client wants copper.', 'B')).toBe('Client wants copper.\n\n---\n\nB')
    expect(appendNotes('  ', 'B')).toBe('B')
  })
})
