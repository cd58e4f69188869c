/**
 * The PDF embeds DejaVu Sans (src/pdf/fonts.ts), which covers Latin with all its extensions
 * (Vietnamese included), Greek, Cyrillic and the usual punctuation, currency and symbols.
 * Characters outside those blocks (emoji, CJK, …) would print as empty boxes, so they become '?'
 * before layout; controls go. Text is composed (NFC) first, so a name typed with combining marks
 * ("e" + U+0302 + U+0303) prints as the single letter the font draws well ("ễ").
 */
const OUTSIDE_FONT =
  /[^\n\t\u0020-\u007e\u00a0-\u024f\u0250-\u02ff\u0370-\u03ff\u0400-\u052f\u1e00-\u1eff\u1f00-\u1fff\u2000-\u206f\u20a0-\u20cf\u2100-\u218f\u2190-\u21ff\u2200-\u22ff\u2500-\u25ff]/gu
/** Control characters (C0, DEL, C1) except tab and newline, and invisible format characters (zero-width, bidi overrides). */
const CONTROLS = /[^\P{Cc}\n\t]|[\u200b-\u200f\u2028-\u202e\u2060-\u206f]/gu

/** Combining diacritical marks (U+0300–U+036F) the font draws; kept out of the class above, where a mark would join its neighbour. */
const isCoveredMark = (c: string) => {
  const code = c.codePointAt(0) ?? 0
  return code >= 0x300 && code <= 0x36f
}

export const printable = (text: string): string =>
  text
    .normalize('NFC')
    .replace(CONTROLS, '')
    .replace(OUTSIDE_FONT, (c) => (isCoveredMark(c) ? c : '?'))

/** Applies `printable` to every string inside a value (the PDF model is plain data). */
export function printableDeep<T>(value: T): T {
  if (typeof value === 'string') return printable(value) as T
  if (Array.isArray(value)) return value.map(printableDeep) as T
  // Bytes (a signature image) are not text.
  if (value instanceof Uint8Array) return value
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printableDeep(v)])) as T
  return value
}
