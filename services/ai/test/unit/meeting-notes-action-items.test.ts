import type { TranscriptSegment } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { commitmentsIn, findActionItems } from '../../src/meeting-notes/action-items.js'
import { transcriptSentences } from '../../src/meeting-notes/sentences.js'

// Tuesday 1 December 2026.
const MEETING_DATE = '2026-12-01T15:00:00Z'

const segment = (text: string, speaker: string | null = null, i = 0): TranscriptSegment => ({ startMs: i * 5000, endMs: i * 5000 + 4000, text, speaker })
const itemsOf = (segments: TranscriptSegment[]) => findActionItems(transcriptSentences(segments), MEETING_DATE)
const itemsSaid = (text: string, speaker: string | null = null) => itemsOf([segment(text, speaker)])

describe('action items: commitments in many phrasings', () => {
  it.each([
    ['Sarah will send the permit by Friday.', 'Send the permit by Friday', 'Sarah', '2026-12-04'],
    ["I'll order the shingles tomorrow.", 'Order the shingles tomorrow', 'Dave', '2026-12-02'],
    ['I’ll order the shingles tomorrow.', 'Order the shingles tomorrow', 'Dave', '2026-12-02'],
    ['We need to schedule the inspection next week.', 'Schedule the inspection next week', 'Dave', '2026-12-07'],
    ['Action item: call the adjuster', 'Call the adjuster', null, null],
    ['Action item for Sarah: call the adjuster on Thursday', 'Call the adjuster on Thursday', 'Sarah', '2026-12-03'],
    ['Next steps - Mike will book the crane for 12/10.', 'Book the crane for 12/10', 'Mike', '2026-12-10'],
    ['Mike to confirm the dumpster by 12/15.', 'Confirm the dumpster by 12/15', 'Mike', '2026-12-15'],
    ['Okay, so Sarah is going to pick up the samples on Monday.', 'Pick up the samples on Monday', 'Sarah', '2026-12-07'],
    ["Sarah's going to email the HOA by the end of the month.", 'Email the HOA by the end of the month', 'Sarah', '2026-12-31'],
    ["I'm gonna measure the skylights today.", 'Measure the skylights today', 'Dave', '2026-12-01'],
    ['I have to file the permit application by December 3.', 'File the permit application by December 3', 'Dave', '2026-12-03'],
    ['We should also replace the flashing around the chimney.', 'Replace the flashing around the chimney', 'Dave', null],
    ["We'll need to order extra underlayment in two weeks.", 'Order extra underlayment in two weeks', 'Dave', '2026-12-15'],
    ["Let's walk the roof together on Thursday.", 'Walk the roof together on Thursday', 'Dave', '2026-12-03'],
    ['Mike and Dana will haul away the old shingles next Friday.', 'Haul away the old shingles next Friday', 'Mike and Dana', '2026-12-11'],
    ['Sarah, please send the photos to the adjuster by 2026-12-09.', 'Send the photos to the adjuster by 2026-12-09', 'Sarah', '2026-12-09'],
    ['You need to pick the shingle colour by Friday, right?', 'Pick the shingle colour by Friday', null, '2026-12-04'],
    ['They will deliver the gutters on Wednesday.', 'Deliver the gutters on Wednesday', null, '2026-12-02'],
    ['By Friday, Sarah will send the signed contract.', 'Send the signed contract', 'Sarah', '2026-12-04'],
    ['Um, I will, uh, call the city about the setback.', 'Call the city about the setback', 'Dave', null],
  ])('"%s"', (said, text, owner, dueDate) => {
    expect(itemsSaid(said, 'Dave')).toEqual([{ text, owner, dueDate, sourceSegmentIndex: 0 }])
  })

  it('"I" and "we" name nobody when the transcript does not tell speakers apart', () => {
    expect(itemsSaid("I'll order the shingles tomorrow.")).toEqual([
      { text: 'Order the shingles tomorrow', owner: null, dueDate: '2026-12-02', sourceSegmentIndex: 0 },
    ])
    expect(itemsSaid("Let's book the dumpster.").map((i) => i.owner)).toEqual([null])
  })

  it('finds each commitment of a sentence that makes several', () => {
    expect(itemsSaid("I'll order the shingles tomorrow and Mike will book the dumpster on Monday.", 'Dave')).toEqual([
      { text: 'Order the shingles tomorrow', owner: 'Dave', dueDate: '2026-12-02', sourceSegmentIndex: 0 },
      { text: 'Book the dumpster on Monday', owner: 'Mike', dueDate: '2026-12-07', sourceSegmentIndex: 0 },
    ])
  })
})

describe('action items: what commits nobody', () => {
  it.each([
    'We talked about the permit.',
    'Sarah sent the permit last week.',
    'We needed to replace the decking last time.',
    'It will rain on Friday.',
    "That'll be expensive.",
    'The inspector will come on Tuesday.',
    'Will you send the photos by Friday?',
    'Can Mike confirm the dumpster?',
    'We will not replace the gutters.',
    "We don't need to replace the gutters.",
    "We won't need a permit for that.",
    'If we need to replace the decking, it will cost more.',
    "I don't think we should replace the fascia.",
    "We'll see how the weather holds.",
    "You'll love the new colour.",
    'I need to think about it.',
    "I'll send it.",
    'We could paint the trim grey.',
    'Sarah would call if anything changes.',
    'I went to Home Depot to buy nails.',
    'The crew will be there at seven.',
    '',
  ])('"%s"', (said) => {
    expect(itemsSaid(said, 'Dave')).toEqual([])
  })
})

describe('action items: across a transcript', () => {
  it('points at the segment each was said in and lists the same task once, keeping what each mention knew', () => {
    const items = itemsOf([
      segment('Thanks for coming out. We talked about the permit and the shingles.', 'Dave', 0),
      segment('Sarah will send the permit.', 'Dave', 1),
      segment('Sure. I will also call the adjuster about the hail damage.', 'Sarah', 2),
      segment('Great. So to recap, Sarah will send the permit by Friday and Sarah calls the adjuster.', 'Dave', 3),
      segment('Mike to confirm the dumpster by 12/15. Mike to confirm the dumpster.', 'Dave', 4),
    ])
    expect(items).toEqual([
      { text: 'Send the permit by Friday', owner: 'Sarah', dueDate: '2026-12-04', sourceSegmentIndex: 3 },
      { text: 'Call the adjuster about the hail damage', owner: 'Sarah', dueDate: null, sourceSegmentIndex: 2 },
      { text: 'Confirm the dumpster by 12/15', owner: 'Mike', dueDate: '2026-12-15', sourceSegmentIndex: 4 },
    ])
  })

  it('keeps the same task for different people apart', () => {
    const items = itemsOf([segment('Sarah will order the shingles.', null, 0), segment('Mike will order the shingles.', null, 1)])
    expect(items.map((i) => i.owner)).toEqual(['Sarah', 'Mike'])
  })

  it('finds nothing in an empty transcript', () => {
    expect(itemsOf([])).toEqual([])
    expect(itemsOf([segment('   ')])).toEqual([])
  })

  it('works on a recogniser that writes no punctuation', () => {
    expect(itemsOf([segment('okay so i will call the adjuster tomorrow', 'Speaker 1')])).toEqual([
      { text: 'Call the adjuster tomorrow', owner: 'Speaker 1', dueDate: '2026-12-02', sourceSegmentIndex: 0 },
    ])
  })
})

describe('commitmentsIn', () => {
  it('tells the speaker, a name and nobody apart', () => {
    expect(commitmentsIn('I will call Mike.').map((c) => c.owner)).toEqual([{ kind: 'speaker' }])
    expect(commitmentsIn('Mike will call Sarah.').map((c) => c.owner)).toEqual([{ kind: 'name', name: 'Mike' }])
    expect(commitmentsIn('She will call Mike.').map((c) => c.owner)).toEqual([{ kind: 'unknown' }])
  })
})
