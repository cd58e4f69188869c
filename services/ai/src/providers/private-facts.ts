import type { AiProvider } from './provider.js'

// Contractor-only text (the meeting notes or transcript) shapes what the writer says but never
// reaches the client as it was written. The prompt asks the model not to quote it; this is the
// check that does not depend on a model obeying: a sentence of generated client text that
// repeats RUN words of private text in a row is dropped before anyone stores it.

/** Words in a row that make a quote (a shorter run is a common phrase, not a quote). */
export const QUOTE_RUN = 6

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .split(' ')
    .filter(Boolean)

function runsOf(text: string): Set<string> {
  const words = wordsOf(text)
  const runs = new Set<string>()
  for (let i = 0; i + QUOTE_RUN <= words.length; i++) runs.add(words.slice(i, i + QUOTE_RUN).join(' '))
  return runs
}

const quotes = (sentence: string, runs: Set<string>) => [...runsOf(sentence)].some((run) => runs.has(run))

/**
 * `text` without the sentences that quote any of `privateTexts` (RUN words in a row, ignoring
 * case and punctuation); lines, lists and paragraphs otherwise stay as they were.
 */
export function withoutQuotes(text: string, privateTexts: readonly (string | null | undefined)[]): string {
  const runs = new Set(privateTexts.flatMap((t) => (t ? [...runsOf(t)] : [])))
  if (!runs.size) return text
  const keep = (line: string) =>
    line
      .split(/(?<=[.!?])\s+/)
      .filter((sentence) => !quotes(sentence, runs))
      .join(' ')
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map(keep)
        .filter((line) => line.trim())
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n')
}

/** The provider, with every client-visible text it writes (sections, chat proposals) cleared of quotes of the private facts. */
export function guardPrivateFacts(provider: AiProvider): AiProvider {
  return {
    info: provider.info,
    writeSection: async (req, opts) => withoutQuotes(await provider.writeSection(req, opts), [req.facts.meetingNotes]),
    chat: async (req, opts) => {
      const answer = await provider.chat(req, opts)
      return { ...answer, proposedContent: answer.proposedContent === null ? null : withoutQuotes(answer.proposedContent, [req.facts.meetingNotes]) }
    },
    writeFreeform: (req, opts) => provider.writeFreeform(req, opts),
  }
}
