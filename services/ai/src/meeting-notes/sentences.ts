import type { TranscriptSegment } from '@plumbline/contracts'

export type Sentence = { text: string; segmentIndex: number; speaker: string | null }

/** The transcript's sentences, each with the segment it came from (a segment may hold several, a sentence never spans two). */
export function sentencesOf(segments: readonly TranscriptSegment[]): Sentence[] {
  const out: Sentence[] = []
  segments.forEach((segment, segmentIndex) => {
    const parts = segment.text.match(/[^.!?]+(?:[.!?]+|$)/g) ?? []
    for (const part of parts) {
      const text = part.replace(/\s+/g, ' ').trim()
      if (/[A-Za-z]/.test(text)) out.push({ text, segmentIndex, speaker: segment.speaker ?? null })
    }
  })
  return out
}
