/**
 * The PDF uses the standard 14 fonts, which encode WinAnsi only: Latin-1 plus a few typographic
 * marks. Anything else (emoji, CJK, control characters) would print as stray glyphs, so it
 * becomes '?' (or goes, for controls) before layout.
 */
const OUTSIDE_WIN_ANSI = /[^\n\t\x20-\x7e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu
/** Control characters (C0, DEL, C1) except tab and newline. */
const CONTROLS = /[^\P{Cc}\n\t]/gu

export const printable = (text: string): string => text.replace(CONTROLS, '').replace(OUTSIDE_WIN_ANSI, '?')

/** Applies `printable` to every string inside a value (the PDF model is plain data). */
export function printableDeep<T>(value: T): T {
  if (typeof value === 'string') return printable(value) as T
  if (Array.isArray(value)) return value.map(printableDeep) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printableDeep(v)])) as T
  return value
}
