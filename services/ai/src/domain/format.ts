import { formatCents, parseCents } from '@plumbline/contracts/money'

// Small text helpers shared by the writers. Everything here is pure and deterministic.

/** "$18,500" for whole dollars, "$18,500.25" otherwise; null for anything that is not a number. */
export function money(value: string | number | null | undefined): string | null {
  const cents = parseCents(value)
  if (cents === null) return null
  const text = formatCents(cents)
  return text.endsWith('.00') ? text.slice(0, -3) : text
}

/** A decimal string is worth mentioning only when it is a positive amount. */
export const positive = (value: string | null | undefined): boolean => value != null && Number(value) > 0

export const thousands = (n: number): string => n.toLocaleString('en-US')

/** Trimmed text, or null when empty: missing data is left out, never printed as "null". */
export function clean(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null
  const t = value.replace(/\s+/g, ' ').trim()
  return t === '' ? null : t
}

/** "a", "a and b", "a, b and c". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/** Ends a sentence with a full stop unless it already ends with punctuation. */
export const sentence = (text: string): string => (/[.!?:]$/.test(text) ? text : `${text}.`)

/** Title-case names read as words inside a sentence ("Kitchen Remodel" → "kitchen remodel"); acronyms and codes stay. */
export const inline = (text: string): string =>
  text
    .split(' ')
    .map((w) => (/^[A-Z][a-z'-]+$/.test(w) ? w.toLowerCase() : w))
    .join(' ')

/** "a" or "an" for the word that follows. */
export const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a')

export const plural = (n: number, one: string, many = `${one}s`): string => `${thousands(n)} ${n === 1 ? one : many}`

/** Quantities arrive as "12.500": print "12.5". */
export function quantity(value: string): string {
  const n = Number(value)
  return Number.isFinite(n) ? String(Number(n.toFixed(3))) : value
}

/** Paragraphs joined by blank lines, empty ones dropped. */
export const paragraphs = (parts: (string | null | undefined | false)[]): string =>
  parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n\n')

/** Splits prose into sentences (keeps the punctuation). */
export function sentencesOf(text: string): string[] {
  // A sentence ends at . ! or ? followed by a space and a capital, digit or quote: "$11,768.94"
  // and "Co. is" stay whole.
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?]["')\]]?)\s+(?=["'([]?[A-Z0-9$])/)
    .map((s) => s.trim())
    .filter(Boolean)
}
