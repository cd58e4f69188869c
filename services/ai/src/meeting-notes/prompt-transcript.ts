import type { TranscriptSegment } from '@plumbline/contracts'

/** About 15,000 tokens of transcript: room for a long meeting in any current model, at a bounded price. */
export const PROMPT_TRANSCRIPT_CHARS = 60_000
/** One segment's share; a recogniser that never ends a segment must not crowd out the rest. */
const SEGMENT_CHARS = 2_000

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000)
  const hh = Math.floor(s / 3600)
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0')
  const ss = String(s % 60).padStart(2, '0')
  return hh ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`
}

/** "[3] 01:05 Sarah: text": the index the model names as sourceSegmentIndex, the time and the speaker. */
function segmentLine(segment: TranscriptSegment, index: number): string {
  const text = segment.text.replace(/\s+/g, ' ').trim()
  const capped = text.length > SEGMENT_CHARS ? `${text.slice(0, SEGMENT_CHARS)}…` : text
  return `[${index}] ${clock(segment.startMs)} ${segment.speaker ? `${segment.speaker}: ` : ''}${capped}`
}

/**
 * The transcript as numbered lines within `budget` characters. A longer one keeps its beginning
 * (what the meeting is about) and its end (where decisions and who-does-what are recapped) and
 * says how many lines in between were left out; indices stay those of the request.
 */
export function promptTranscript(segments: readonly TranscriptSegment[], budget = PROMPT_TRANSCRIPT_CHARS): string {
  const lines = segments.flatMap((segment, index) => (segment.text.trim() ? [segmentLine(segment, index)] : []))
  const total = lines.reduce((n, l) => n + l.length + 1, 0)
  if (total <= budget) return lines.join('\n')
  const head: string[] = []
  const tail: string[] = []
  let headChars = 0
  let tailChars = 0
  let first = 0
  let last = lines.length - 1
  // Take from whichever end has less so far, so each keeps about half of the budget.
  while (first <= last) {
    const fromHead = headChars <= tailChars
    const line = fromHead ? lines[first] : lines[last]
    if (line === undefined || headChars + tailChars + line.length + 1 > budget) break
    if (fromHead) {
      head.push(line)
      headChars += line.length + 1
      first++
    } else {
      tail.unshift(line)
      tailChars += line.length + 1
      last--
    }
  }
  const omitted = last - first + 1
  return [...head, `[… ${omitted} lines of the transcript left out …]`, ...tail].join('\n')
}
