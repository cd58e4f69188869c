import type { TranscriptSegment } from '@plumbline/contracts'

// Imported transcripts as Zoom, Teams and Meet export them: WebVTT (with <v Speaker> voice tags
// or "Speaker: text" lines), SRT, or plain text (one segment per non-empty line, no times).

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/
const VOICE = /^<v(?:\.[^ >]*)?\s+([^>]+)>(.*?)(?:<\/v>)?$/
const SPEAKER_PREFIX = /^([A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}):\s+(.+)$/

/** `01:02:03.450`, `02:03,450` → milliseconds. */
export function timestampMs(text: string): number {
  const parts = text.replace(',', '.').split(':').map(Number)
  const seconds = parts.reduce((total, part) => total * 60 + part, 0)
  return Math.round(seconds * 1000)
}

function speakerAndText(line: string): { speaker: string | null; text: string } {
  const voice = VOICE.exec(line)
  if (voice) return { speaker: voice[1].trim(), text: stripTags(voice[2]) }
  const prefixed = SPEAKER_PREFIX.exec(line)
  if (prefixed) return { speaker: prefixed[1], text: prefixed[2].trim() }
  return { speaker: null, text: stripTags(line) }
}

const stripTags = (text: string) => text.replace(/<[^>]+>/g, '').trim()

/** Cues of WebVTT or SRT: a timing line, then text lines until a blank line. */
function parseCues(lines: string[]): TranscriptSegment[] {
  const segments: TranscriptSegment[] = []
  for (let i = 0; i < lines.length; i++) {
    const timing = TIMING.exec(lines[i])
    if (!timing) continue
    const body: string[] = []
    while (i + 1 < lines.length && lines[i + 1].trim() !== '') body.push(lines[++i].trim())
    const joined = body.join(' ')
    if (!joined) continue
    const { speaker, text } = speakerAndText(joined)
    if (text) segments.push({ startMs: timestampMs(timing[1]), endMs: timestampMs(timing[2]), text, speaker })
  }
  return segments
}

function parsePlainText(lines: string[]): TranscriptSegment[] {
  return lines
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ startMs: 0, endMs: 0, ...speakerAndText(line) }))
    .filter((s) => s.text)
}

/** Segments of a transcript file; empty when it holds no text. Format by content, not by name. */
export function parseTranscriptFile(content: string): TranscriptSegment[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/)
  const hasCues = lines.some((line) => TIMING.test(line))
  return hasCues ? parseCues(lines) : parsePlainText(lines.filter((line) => line.trim() !== 'WEBVTT'))
}
