import type { TranscriptSentence } from './sentences.js'
import { contentWords } from './stop-words.js'

export type SummaryLimits = { maxSentences: number; maxChars: number }

export const SUMMARY_LIMITS: SummaryLimits = { maxSentences: 5, maxChars: 600 }

// Sentences this short ("Sounds good.", "Okay, sure.") are acknowledgements, never the gist.
const MIN_CONTENT_WORDS = 2

/** How often each content word is said; the meeting's title and description count as said once more. */
function wordWeights(sentences: readonly TranscriptSentence[], context: string): Map<string, number> {
  const weights = new Map<string, number>()
  const add = (w: string) => weights.set(w, (weights.get(w) ?? 0) + 1)
  for (const s of sentences) contentWords(s.text).forEach(add)
  for (const w of new Set(contentWords(context))) if (weights.has(w)) add(w)
  return weights
}

/**
 * A sentence's score: the weights of its distinct content words over the square root of their
 * count, so a sentence full of the meeting's recurring words wins, yet a long ramble does not win
 * by length alone.
 */
function sentenceScore(text: string, weights: ReadonlyMap<string, number>): number {
  const words = new Set(contentWords(text))
  if (words.size < MIN_CONTENT_WORDS) return 0
  let total = 0
  for (const w of words) total += weights.get(w) ?? 0
  return total / Math.sqrt(words.size)
}

/** Cuts at the last whole word that fits, with an ellipsis. */
function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text
  const cut = text.slice(0, maxChars - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`
}

/** Whether a sentence mostly repeats one already chosen (more than two thirds of its content words), which would waste the summary's room. */
function repeatsChosen(text: string, chosen: readonly TranscriptSentence[]): boolean {
  const words = new Set(contentWords(text))
  return chosen.some((c) => {
    const shared = contentWords(c.text).filter((w, i, all) => words.has(w) && all.indexOf(w) === i).length
    return shared * 3 > words.size * 2
  })
}

/** Short meetings get three sentences; one more for each further 20 sentences said, up to the limit. */
const sentenceBudget = (count: number, limits: SummaryLimits) => Math.min(limits.maxSentences, 3 + Math.floor(count / 20))

/**
 * An extractive summary: the most informative sentences of the transcript (word-frequency
 * scoring without stop words), in the order they were said, within `limits`. A transcript of one
 * sentence is its own summary; an empty one has none ('').
 */
export function extractiveSummary(sentences: readonly TranscriptSentence[], context = '', limits: SummaryLimits = SUMMARY_LIMITS): string {
  const seen = new Set<string>()
  const unique = sentences.filter((s) => {
    const key = s.text.toLowerCase()
    return !seen.has(key) && !!seen.add(key)
  })
  const [first] = unique
  if (!first) return ''
  if (unique.length === 1) return truncate(first.text, limits.maxChars)
  const weights = wordWeights(unique, context)
  const ranked = unique
    .map((s) => ({ s, score: sentenceScore(s.text, weights) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.s.position - b.s.position)
  if (ranked.length === 0) return truncate(first.text, limits.maxChars)

  const chosen: TranscriptSentence[] = []
  let length = 0
  for (const { s } of ranked) {
    if (chosen.length >= sentenceBudget(unique.length, limits)) break
    const added = (chosen.length ? 1 : 0) + s.text.length
    if (chosen.length && (length + added > limits.maxChars || repeatsChosen(s.text, chosen))) continue
    chosen.push(s)
    length += added
  }
  const text = chosen
    .sort((a, b) => a.position - b.position)
    .map((s) => (/[.!?…]$/.test(s.text) ? s.text : `${s.text}.`))
    .join(' ')
  return truncate(text, limits.maxChars)
}
