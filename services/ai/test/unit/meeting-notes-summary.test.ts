import type { SummarizeMeetingRequest, TranscriptSegment } from '@plumbline/contracts'
import { ZSummarizeMeetingReply } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { writeMeetingNotesOffline } from '../../src/meeting-notes/builtin-meeting-writer.js'
import { extractiveSummary } from '../../src/meeting-notes/extractive-summary.js'
import { parseModelAnswer } from '../../src/meeting-notes/openai-meeting-writer.js'
import { promptTranscript } from '../../src/meeting-notes/prompt-transcript.js'
import { splitSentences, transcriptSentences } from '../../src/meeting-notes/sentences.js'

const segment = (text: string, i = 0, speaker: string | null = null): TranscriptSegment => ({ startMs: i * 10_000, endMs: i * 10_000 + 9_000, text, speaker })

const ROOF_MEETING: TranscriptSegment[] = [
  segment('Hi, thanks for having me over.', 0, 'Dave'),
  segment('Sure. So the roof has been leaking over the kitchen since the hail storm in October.', 1, 'Jane'),
  segment('Okay. Yeah.', 2, 'Dave'),
  segment('The hail damage on the north slope means the shingles there need to be replaced, and the flashing around the chimney is loose.', 3, 'Dave'),
  segment('Will insurance cover the hail damage to the roof?', 4, 'Jane'),
  segment('The adjuster usually covers hail damage to the shingles; the chimney flashing is normally maintenance.', 5, 'Dave'),
  segment('I like the weathered wood colour.', 6, 'Jane'),
  segment('Great. I will send the estimate for the roof and the chimney flashing by Friday.', 7, 'Dave'),
  segment('Right, thanks.', 8, 'Jane'),
]

const request = (segments: TranscriptSegment[], extra: Partial<SummarizeMeetingRequest> = {}): SummarizeMeetingRequest => ({
  organizationId: 'org-1',
  meetingId: 'meeting-1',
  title: 'Roof leak walkthrough',
  description: null,
  meetingDate: '2026-12-01T15:00:00Z',
  segments,
  ...extra,
})

describe('sentences', () => {
  it('splits after . ! ? but not after Mr. and friends, and drops fillers', () => {
    expect(splitSentences('Um, Mr. Lee called. He wants a quote! Can we, uh, do it? yes')).toEqual([
      'Mr. Lee called.',
      'He wants a quote!',
      'Can we, do it?',
      'yes',
    ])
    expect(splitSentences('  ... ')).toEqual([])
  })

  it('keeps the segment and speaker of each sentence', () => {
    const sentences = transcriptSentences([segment('One. Two.', 0, ' Jane '), segment('Three', 1)])
    expect(sentences.map((s) => [s.text, s.segmentIndex, s.speaker, s.position])).toEqual([
      ['One.', 0, 'Jane', 0],
      ['Two.', 0, 'Jane', 1],
      ['Three', 1, null, 2],
    ])
  })
})

describe('extractive summary', () => {
  it('keeps the most informative sentences in the order they were said, not small talk', () => {
    const sentences = transcriptSentences(ROOF_MEETING)
    const summary = extractiveSummary(sentences, 'Roof leak walkthrough')
    const picked = sentences.filter((s) => summary.includes(s.text))
    expect(picked.map((s) => s.text).join(' ')).toBe(summary)
    expect(picked.map((s) => s.segmentIndex)).toEqual([3, 4, 5])
    expect(summary).toContain('The hail damage on the north slope means the shingles there need to be replaced')
  })

  it('stays within 600 characters and 5 sentences for a long meeting', () => {
    const topics = ['gutters', 'fascia', 'skylights', 'decking', 'ventilation', 'insulation', 'permits', 'dumpster']
    const long = Array.from({ length: 120 }, (_, i) =>
      segment(`We discussed the ${topics[i % topics.length]} and the ${topics[(i + 3) % topics.length]} for the roof replacement, item ${i}.`, i),
    )
    const summary = extractiveSummary(transcriptSentences(long))
    expect(summary.length).toBeLessThanOrEqual(600)
    expect(summary.match(/[.!?](\s|$)/g)?.length).toBeLessThanOrEqual(5)
    expect(summary.length).toBeGreaterThan(200)
  })

  it('cuts one over-long unpunctuated segment at a word with an ellipsis', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ')
    const summary = extractiveSummary(transcriptSentences([segment(words)]))
    expect(summary.length).toBeLessThanOrEqual(600)
    expect(summary).toMatch(/^word0 word1 .* word\d+…$/)
  })

  it('is empty for an empty transcript and the sentence itself for a one-line one', () => {
    expect(extractiveSummary([])).toBe('')
    expect(extractiveSummary(transcriptSentences([segment('  '), segment('um')]))).toBe('')
    expect(extractiveSummary(transcriptSentences([segment('Roof looks fine.')]))).toBe('Roof looks fine.')
    // Only small talk: still says something rather than nothing.
    expect(extractiveSummary(transcriptSentences([segment('Okay. Yeah, sure.')]))).toBe('Okay.')
  })

  it('does not spend the summary on a sentence that mostly repeats one already chosen', () => {
    const sentences = transcriptSentences([
      segment('The chimney flashing is loose and the chimney flashing leaks.', 0),
      segment('Yes, the chimney flashing is loose and it leaks badly.', 1),
      segment('The gutters on the chimney side overflow with leaves.', 2),
      segment('The chimney needs new flashing before the gutters are cleaned.', 3),
    ])
    const summary = extractiveSummary(sentences)
    expect(summary).toContain('The chimney flashing is loose and the chimney flashing leaks.')
    expect(summary).not.toContain('Yes, the chimney flashing is loose')
    expect(summary).toContain('The gutters on the chimney side overflow with leaves.')
  })

  it('says a repeated sentence once', () => {
    const s = extractiveSummary(
      transcriptSentences([segment('The chimney flashing is loose.'), segment('The chimney flashing is loose.'), segment('Hello there.')]),
    )
    expect(s).toBe('The chimney flashing is loose.')
  })
})

describe('built-in writer', () => {
  it('answers the contract with summary, action items and provider', () => {
    const reply = writeMeetingNotesOffline(request(ROOF_MEETING))
    expect(ZSummarizeMeetingReply.parse(reply)).toEqual(reply)
    expect(reply.provider).toBe('builtin')
    expect(reply.actionItems).toEqual([
      { text: 'Send the estimate for the roof and the chimney flashing by Friday', owner: 'Dave', dueDate: '2026-12-04', sourceSegmentIndex: 7 },
    ])
    expect(reply.summary).toContain('hail damage')
  })

  it('answers an empty transcript with an empty summary and no items', () => {
    expect(writeMeetingNotesOffline(request([]))).toEqual({ summary: '', actionItems: [], provider: 'builtin' })
  })

  it('is deterministic', () => {
    expect(writeMeetingNotesOffline(request(ROOF_MEETING))).toEqual(writeMeetingNotesOffline(request(ROOF_MEETING)))
  })
})

describe('prompt transcript', () => {
  it('numbers lines with the request index, time and speaker, skipping empty segments', () => {
    expect(promptTranscript([segment('Hello.', 0, 'Jane'), segment(' '), { startMs: 3_725_000, endMs: 3_726_000, text: 'Bye.', speaker: null }])).toBe(
      '[0] 00:00 Jane: Hello.\n[2] 1:02:05 Bye.',
    )
  })

  it('keeps the beginning and the end of a long transcript within the budget and says what it left out', () => {
    const segments = Array.from({ length: 1000 }, (_, i) => segment(`Sentence number ${i} of the meeting.`, i))
    const text = promptTranscript(segments, 2_000)
    expect(text.length).toBeLessThanOrEqual(2_000 + 60)
    expect(text).toMatch(/^\[0\] /)
    expect(text).toMatch(/\[999\] .*Sentence number 999 of the meeting\.$/)
    const kept = text.split('\n').filter((l) => l.startsWith('[') && !l.startsWith('[…'))
    expect(text).toContain(`[… ${1000 - kept.length} lines of the transcript left out …]`)
  })
})

describe("the model's answer", () => {
  const req = request(ROOF_MEETING)

  it('becomes the reply, with dates that are no calendar day and lines that do not exist dropped to null', () => {
    const answer = JSON.stringify({
      summary: ' Roof leak reviewed. ',
      actionItems: [
        { text: 'Send the estimate', owner: 'Dave', dueDate: '2026-12-04', sourceSegmentIndex: 7 },
        { text: 'Call the adjuster', owner: ' ', dueDate: '2026-02-30', sourceSegmentIndex: 42 },
        { text: 'Order samples', owner: null, dueDate: 'Friday', sourceSegmentIndex: null },
      ],
    })
    expect(parseModelAnswer(answer, req)).toEqual({
      summary: 'Roof leak reviewed.',
      actionItems: [
        { text: 'Send the estimate', owner: 'Dave', dueDate: '2026-12-04', sourceSegmentIndex: 7 },
        { text: 'Call the adjuster', owner: null, dueDate: null, sourceSegmentIndex: null },
        { text: 'Order samples', owner: null, dueDate: null, sourceSegmentIndex: null },
      ],
      provider: 'openai',
    })
  })

  it.each([
    ['not JSON', 'Here are your notes: the roof leaks.', /invalid JSON/],
    ['no action items', JSON.stringify({ summary: 'x' }), /does not match/],
    [
      'an item without text',
      JSON.stringify({ summary: 'x', actionItems: [{ text: '', owner: null, dueDate: null, sourceSegmentIndex: null }] }),
      /does not match/,
    ],
  ])('is refused when it is %s', (_what, answer, message) => {
    expect(() => parseModelAnswer(answer, req)).toThrow(message)
  })
})
