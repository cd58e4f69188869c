import { sentencesOf, shorten } from '../../domain/format.js'

// Words that mark what a client asked for in a meeting: wishes, constraints, worries, timing.
const SIGNAL =
  /\b(want|wants|need|needs|prefer|prefers|would like|'d like|budget|must|important|concern|concerned|worried|deadline|before|by the|warranty|colou?r|material|replace|install|repair|finish|match|keep|avoid|asap|schedule|start|complete)\b/i
const TIMING =
  /\b(deadline|before|by the|by [A-Z][a-z]+|week|weeks|month|months|schedule|start|finish by|complete by|asap|spring|summer|autumn|fall|winter|holiday)\b/i

/** Meeting transcripts often carry speaker labels ("John: …", "[00:12] Speaker 1:"); they are not prose. */
const unlabel = (sentence: string) => sentence.replace(/^(\[[^\]]*\]\s*)?([A-Z][\w.'-]*(?: [A-Z][\w.'-]*)?|Speaker \d+):\s+/, '')

function ranked(transcript: string, test: RegExp): { text: string; index: number; score: number }[] {
  return sentencesOf(transcript.replace(/\n+/g, '. ').replace(/([.!?])\.\s/g, '$1 '))
    .map(unlabel)
    .map((text, index) => ({ text, index, score: (text.match(new RegExp(test.source, 'gi')) ?? []).length }))
    .filter((s) => s.text.length >= 15)
}

/** Up to `max` sentences of the transcript that say what the client wants, in spoken order. */
export function keyPoints(transcript: string | null, max = 3): string[] {
  if (!transcript) return []
  const all = ranked(transcript, SIGNAL)
  const scored = all.filter((s) => s.score > 0)
  const chosen = (scored.length ? scored : all).sort((a, b) => b.score - a.score || a.index - b.index).slice(0, max)
  return chosen.sort((a, b) => a.index - b.index).map((s) => shorten(s.text, 220))
}

/** Sentences of the transcript about timing (deadlines, seasons, start dates). */
export function timingPoints(transcript: string | null, max = 2): string[] {
  if (!transcript) return []
  return ranked(transcript, TIMING)
    .filter((s) => s.score > 0)
    .slice(0, max)
    .map((s) => shorten(s.text, 220))
}
