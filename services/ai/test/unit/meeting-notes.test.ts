import type { TranscriptSegment } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { writeMeetingNotesBuiltIn } from '../../src/meeting-notes/builtin-meeting-writer.js'
import { dueDateIn } from '../../src/meeting-notes/due-dates.js'
import { commitmentIn, extractActionItems } from '../../src/meeting-notes/extract-action-items.js'
import { sentencesOf } from '../../src/meeting-notes/sentences.js'
import { summarizeTranscript } from '../../src/meeting-notes/summarize-transcript.js'

// 2026-11-25 is a Wednesday.
const MEETING = '2026-11-25T15:00:00.000Z'
const seg = (text: string, speaker: string | null = null, i = 0): TranscriptSegment => ({ startMs: i * 1000, endMs: i * 1000 + 900, text, speaker })
const sentence = (text: string, speaker: string | null = null) => ({ text, segmentIndex: 0, speaker })

describe('due dates said in a meeting, resolved against its date', () => {
  it.each([
    ['Sarah will send the permit by Friday.', '2026-11-27'],
    ['Call them on Wednesday.', '2026-12-02'],
    ['I will order it next Thursday.', '2026-12-03'],
    ['Do it next Monday.', '2026-11-30'],
    ['Send it today.', '2026-11-25'],
    ['I will call tomorrow.', '2026-11-26'],
    ['Done in two weeks.', '2026-12-09'],
    ['Done in 3 days.', '2026-11-28'],
    ['Mike to confirm the dumpster by 12/15.', '2026-12-15'],
    ['Pay the deposit by 1/5.', '2027-01-05'],
    ['Deliver on December 3rd.', '2026-12-03'],
    ['Deliver on 4 January.', '2027-01-04'],
    ['Invoice due 2026-12-31.', '2026-12-31'],
    ['We will start next week.', '2026-11-30'],
    ['Finish by the end of the month.', '2026-11-30'],
    ['Wrap up by end of week.', '2026-11-27'],
  ])('%s → %s', (text, expected) => {
    expect(dueDateIn(text, MEETING)).toBe(expected)
  })

  it('names no date when none was said, or the date is not a real day', () => {
    expect(dueDateIn('We will send the permit.', MEETING)).toBeNull()
    expect(dueDateIn('Send it by 2/30.', MEETING)).toBeNull()
    expect(dueDateIn('by Friday', 'not a date')).toBeNull()
  })
})

describe('commitments', () => {
  it.each([
    ['Sarah will send the permit by Friday.', 'Sarah'],
    ["Sarah'll check the gutters.", 'Sarah'],
    ['Mike needs to confirm the dumpster.', 'Mike'],
    ['Mike to confirm the dumpster by 12/15.', 'Mike'],
    ['So Dana is going to measure the attic.', 'Dana'],
    ['Action item: call the adjuster.', null],
    ["Let's schedule the inspection for next week.", null],
  ])('%s (owner %s)', (text, owner) => {
    expect(commitmentIn(sentence(text))).toMatchObject({ owner })
  })

  it('gives "I" to the speaker who said it, and "we" to nobody', () => {
    expect(commitmentIn(sentence("I'll order the shingles tomorrow.", 'Mike'))).toEqual({ text: "I'll order the shingles tomorrow.", owner: 'Mike' })
    expect(commitmentIn(sentence('We need to schedule the inspection.', 'Mike'))).toMatchObject({ owner: null })
    expect(commitmentIn(sentence('I will call the city.', null))).toMatchObject({ owner: null })
  })

  it('the marked form keeps only the task', () => {
    expect(commitmentIn(sentence('Action item: call the adjuster.'))?.text).toBe('Call the adjuster.')
  })

  it.each([
    'We talked about the permit.',
    'It will rain on Friday.',
    'The roof will be done soon.',
    'Sarah will be there.',
    "Let's see what the adjuster says.",
    'The inspection is next week.',
    'Maybe someone could look at it.',
  ])('is not a commitment: %s', (text) => {
    expect(commitmentIn(sentence(text))).toBeNull()
  })

  it('extracts each commitment once, with owner, due date and source segment', () => {
    const segments = [
      seg('We walked the roof. The flashing is loose.', 'Sarah', 0),
      seg('Sarah will send the permit by Friday.', 'Mike', 1),
      seg("I'll order the shingles tomorrow. Sarah will send the permit by Friday!", 'Mike', 2),
    ]
    expect(extractActionItems(sentencesOf(segments), MEETING)).toEqual([
      { text: 'Sarah will send the permit by Friday.', owner: 'Sarah', dueDate: '2026-11-27', sourceSegmentIndex: 1 },
      { text: "I'll order the shingles tomorrow.", owner: 'Mike', dueDate: '2026-11-26', sourceSegmentIndex: 2 },
    ])
  })
})

describe('the extractive summary', () => {
  it('keeps a short transcript whole and an empty one empty', () => {
    expect(summarizeTranscript(sentencesOf([seg('The flashing by the chimney is loose.')]))).toBe('The flashing by the chimney is loose.')
    expect(summarizeTranscript([])).toBe('')
  })

  it('picks the sentences about what the meeting kept returning to, in the order said, within 600 characters', () => {
    const filler = ['Okay.', 'Yeah, right.', 'Um, so, you know.', 'Thanks for coming out.']
    const about = [
      'The roof has hail damage on the north slope.',
      'Hail damage means the insurance adjuster must see the roof first.',
      'We talked about the weather for a while and it was nice.',
      'The adjuster visit decides the insurance payout for the roof.',
      'My cousin likes fishing on weekends.',
      'The north slope needs new shingles after the hail.',
    ]
    const segments = [...filler, ...about, ...filler].map((t, i) => seg(t, null, i))
    const summary = summarizeTranscript(sentencesOf(segments))
    expect(summary.length).toBeLessThanOrEqual(600)
    expect(summary).toContain('hail')
    expect(summary).not.toContain('fishing')
    expect(summary).not.toMatch(/Okay\.|Thanks for coming/)
    const picked = about.filter((s) => summary.includes(s))
    expect(picked.length).toBeGreaterThanOrEqual(2)
    expect(summary.indexOf(picked[0])).toBeLessThan(summary.indexOf(picked[1]))
  })

  it('the built-in writer answers the contract', () => {
    const reply = writeMeetingNotesBuiltIn({
      organizationId: 'o',
      meetingId: 'm',
      title: 'Roof',
      description: null,
      meetingDate: MEETING,
      segments: [seg('The flashing is loose.', 'Sarah'), seg('Sarah will send the permit by Friday.', 'Mike', 1)],
    })
    expect(reply).toEqual({
      summary: 'The flashing is loose. Sarah will send the permit by Friday.',
      actionItems: [{ text: 'Sarah will send the permit by Friday.', owner: 'Sarah', dueDate: '2026-11-27', sourceSegmentIndex: 1 }],
      provider: 'builtin',
    })
  })
})
