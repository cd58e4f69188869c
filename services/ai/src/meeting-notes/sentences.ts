import type { TranscriptSegment } from '@plumbline/contracts'

/** One sentence of the transcript, with the segment it came from (action items point back to it). */
export type TranscriptSentence = { text: string; segmentIndex: number; speaker: string | null; position: number }

// Hesitations speech recognisers write out; they carry nothing and make summaries read badly.
const FILLERS = /\b(?:u+m+|u+h+|e+r+m+|hm+|mhm|uh-huh)\b[,.]?\s*/gi

// Abbreviations whose full stop does not end a sentence ("Mr. Lee will call").
const ABBREVIATION_END = /\b(?:mr|mrs|ms|dr|st|jr|sr|vs|etc|approx|no|inc|co|ltd|ave|rd|e\.g|i\.e)\.$/i

/** The sentence without fillers and doubled spaces. */
export const cleanSentence = (text: string): string =>
  text
    .replace(FILLERS, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/^[,;:\s]+/, '')
    .trim()

/**
 * Splits one segment's text after . ! ? (and at line breaks). A recogniser that writes no
 * punctuation gives one sentence per segment, which is still the right unit to point back to.
 */
export function splitSentences(text: string): string[] {
  const pieces = text.split(/(?<=[.!?])\s+|\n+/)
  const sentences: string[] = []
  for (const piece of pieces) {
    const previous = sentences.at(-1)
    if (previous !== undefined && ABBREVIATION_END.test(previous)) sentences[sentences.length - 1] = `${previous} ${piece}`
    else sentences.push(piece)
  }
  return sentences.map(cleanSentence).filter((s) => /[a-z0-9]/i.test(s))
}

/** Every sentence of the transcript in spoken order. */
export function transcriptSentences(segments: readonly TranscriptSegment[]): TranscriptSentence[] {
  const out: TranscriptSentence[] = []
  segments.forEach((segment, segmentIndex) => {
    const speaker = segment.speaker?.trim() || null
    for (const text of splitSentences(segment.text)) out.push({ text, segmentIndex, speaker, position: out.length })
  })
  return out
}
