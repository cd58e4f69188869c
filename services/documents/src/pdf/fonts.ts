import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type PDFDocument from 'pdfkit'
import { woffToSfnt } from './woff.js'

type Doc = InstanceType<typeof PDFDocument>

// DejaVu Sans from @fontsource/dejavu-sans: its one "latin" file per style is the whole font
// (6,000+ glyphs: Latin Extended A/B and Additional, so Polish, Turkish and Vietnamese, plus
// Greek and Cyrillic), where the PDF standard fonts print only WinAnsi (Latin-1). pdfkit reads
// the unwrapped WOFF (see woff.ts) and embeds only the glyphs a document uses.
const require = createRequire(import.meta.url)
const file = (style: string) => woffToSfnt(readFileSync(require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${style}.woff`)))

/** The registered names every block of the PDF uses. */
export const FONT = { regular: 'Body', bold: 'Body-Bold', italic: 'Body-Italic', boldItalic: 'Body-BoldItalic' } as const

let faces: Record<keyof typeof FONT, Buffer> | undefined
/** Read and unwrapped once per process (about 2 MB), on the first PDF or the warm-up render. */
const loadFaces = () => (faces ??= { regular: file('400-normal'), bold: file('700-normal'), italic: file('400-italic'), boldItalic: file('700-italic') })

export function registerFonts(doc: Doc): void {
  const loaded = loadFaces()
  for (const style of Object.keys(FONT) as (keyof typeof FONT)[]) doc.registerFont(FONT[style], loaded[style])
  doc.font(FONT.regular)
}
