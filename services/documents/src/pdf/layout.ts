import type PDFDocument from 'pdfkit'
import { FONT } from './fonts.js'

type Doc = InstanceType<typeof PDFDocument>

/** Type scale and greys shared by every block of the PDF. */
export const INK = '#111827'
export const MUTED = '#4b5563'
export const FAINT = '#9ca3af'
export const RULE = '#e5e7eb'
export const ZEBRA = '#f3f4f6'

export const left = (doc: Doc) => doc.page.margins.left
export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right
export const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom

/** Starts a new page when `height` more points would not fit; answers whether it did. */
export function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottomLimit(doc)) return false
  doc.addPage()
  return true
}

/** A section heading in the brand colour with a thin rule, kept with at least a few lines of what follows. */
export function heading(doc: Doc, text: string, color: string, keepWith = 60): void {
  ensureSpace(doc, 28 + keepWith)
  doc.moveDown(0.6)
  const y = doc.y
  doc
    .font(FONT.bold)
    .fontSize(13)
    .fillColor(color)
    .text(text, left(doc), y, { width: contentWidth(doc) })
  const ruleY = doc.y + 3
  doc
    .moveTo(left(doc), ruleY)
    .lineTo(left(doc) + contentWidth(doc), ruleY)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke()
  doc.y = ruleY + 8
}
