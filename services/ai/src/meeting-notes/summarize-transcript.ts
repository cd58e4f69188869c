import type { Sentence } from './sentences.js'

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just let like me more most my no nor not now of off on once only or other our ours out over own really right same she should so some such than that the their them then there these they this those through to too uh um under until up very was we were what when where which while who whom why will with would yeah yes you your yours okay ok well also going get got gonna want think know`.split(
    /\s+/,
  ),
)

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z][a-z'-]+/g) ?? []
const MAX_SENTENCES = 5
const MAX_CHARS = 600

/**
 * An extractive summary: the transcript's most informative sentences (the summed frequency of
 * their content words, damped by length so long rambles do not win), kept in the order they were
 * said, up to five sentences or about 600 characters. A short transcript is its own summary.
 */
export function summarizeTranscript(sentences: readonly Sentence[]): string {
  if (sentences.length <= 3) return sentences.map((s) => s.text).join(' ')
  const frequency = new Map<string, number>()
  for (const s of sentences) for (const w of wordsOf(s.text)) if (!STOP_WORDS.has(w)) frequency.set(w, (frequency.get(w) ?? 0) + 1)
  const scored = sentences.map((s, index) => {
    const content = wordsOf(s.text).filter((w) => !STOP_WORDS.has(w))
    const score = content.reduce((sum, w) => sum + (frequency.get(w) ?? 0), 0) / Math.sqrt(Math.max(4, wordsOf(s.text).length))
    return { index, text: s.text, score, informative: content.length >= 2 }
  })
  const wanted = Math.min(MAX_SENTENCES, Math.max(1, Math.ceil(sentences.length / 4)))
  const ranked = scored.filter((s) => s.informative).sort((a, b) => b.score - a.score || a.index - b.index)
  const chosen: typeof scored = []
  let chars = 0
  for (const s of ranked.length ? ranked : scored) {
    if (chosen.length >= wanted) break
    if (chosen.length > 0 && chars + s.text.length > MAX_CHARS) continue
    chosen.push(s)
    chars += s.text.length + 1
  }
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((s) => s.text)
    .join(' ')
}
