import type { RichDocument, RichInline, RichList } from '@plumbline/contracts/rich-text'
import type PDFDocument from 'pdfkit'
import { FONT } from './fonts.js'
import { contentWidth, ensureSpace, INK, left } from './layout.js'

type Doc = InstanceType<typeof PDFDocument>

// Draws the tree of @plumbline/contracts/rich-text, the one the detail and share pages draw:
// headings, paragraphs with their line breaks, bullet and numbered lists (nested), bold, italic
// and links. Each run is its own pdfkit text call (`continued`), so a style never leaks.

const BODY = 10.5
const LINE_GAP = 2
const HEADING_SIZE = { 1: 12, 2: 11, 3: BODY } as const
/** The web's disc, circle and square, by depth. */
const BULLETS = ['•', '◦', '▪']

type Segment = { text: string; font: string; href?: string }

function fontOf(bold: boolean, italic: boolean): string {
  if (bold) return italic ? FONT.boldItalic : FONT.bold
  return italic ? FONT.italic : FONT.regular
}

/**
 * Inline content as lines of pdfkit segments, split at the line breaks: each line is its own
 * chain of `continued` calls (a newline inside a chain would open a paragraph gap).
 */
function linesOf(content: RichInline[], forceBold: boolean): Segment[][] {
  const lines: Segment[][] = [[]]
  for (const node of content) {
    if (node.type === 'break') lines.push([])
    else if (node.text) lines[lines.length - 1].push({ text: node.text, font: fontOf(forceBold || !!node.bold, !!node.italic), href: node.href })
  }
  while (lines.length && lines[lines.length - 1].length === 0) lines.pop()
  while (lines.length && lines[0].length === 0) lines.shift()
  return lines
}

const plain = (lines: Segment[][]) => lines.map((line) => line.map((s) => s.text).join('')).join('\n')

type Style = { size: number; color: string; linkColor: string }

/** Writes inline content from (x, y), wrapping to `width`; links in the brand colour, underlined. */
function writeInline(doc: Doc, lines: Segment[][], at: { x: number; y: number; width: number }, style: Style): void {
  doc.fontSize(style.size)
  doc.y = at.y
  for (const line of lines) {
    if (line.length === 0) {
      doc.font(FONT.regular).moveDown(1)
      continue
    }
    line.forEach((s, i) => {
      doc.font(s.font).fillColor(s.href ? style.linkColor : style.color)
      const options = { width: at.width, lineGap: LINE_GAP, continued: i < line.length - 1, underline: !!s.href, ...(s.href ? { link: s.href } : {}) }
      if (i === 0) doc.text(s.text, at.x, doc.y, options)
      else doc.text(s.text, options)
    })
  }
}

/** Height the text will take, to keep a short block from starting at the foot of a page. */
function heightOf(doc: Doc, lines: Segment[][], width: number, size: number): number {
  doc.font(FONT.regular).fontSize(size)
  return doc.heightOfString(plain(lines), { width, lineGap: LINE_GAP })
}

function writeList(doc: Doc, list: RichList, x: number, width: number, depth: number, linkColor: string): void {
  doc.font(FONT.regular).fontSize(BODY)
  const last = `${list.start + list.items.length - 1}.`
  const indent = list.ordered ? Math.max(14, doc.widthOfString(last) + 6) : 14
  list.items.forEach((item, i) => {
    const segs = linesOf(item.content, false)
    ensureSpace(doc, Math.min(heightOf(doc, segs, width - indent, BODY), 60))
    const y = doc.y
    const marker = list.ordered ? `${list.start + i}.` : BULLETS[depth % BULLETS.length]
    doc
      .font(FONT.regular)
      .fontSize(BODY)
      .fillColor(INK)
      .text(marker, x + 2, y, { width: indent, lineBreak: false })
    doc.y = y
    if (segs.length) writeInline(doc, segs, { x: x + indent, y, width: width - indent }, { size: BODY, color: INK, linkColor })
    else doc.moveDown(1)
    doc.moveDown(0.15)
    if (item.list) writeList(doc, item.list, x + indent, width - indent, depth + 1, linkColor)
  })
}

/** Writes one section's body: sub-headings bold, lists hanging-indented, paragraphs spaced. */
export function writeRichText(doc: Doc, body: RichDocument, linkColor: string): void {
  const x = left(doc)
  const width = contentWidth(doc)
  for (const block of body) {
    if (block.type === 'list') {
      writeList(doc, block, x, width, 0, linkColor)
      doc.moveDown(0.35)
      continue
    }
    const heading = block.type === 'heading'
    const segs = linesOf(block.content, heading)
    if (!segs.length) continue
    const size = heading ? HEADING_SIZE[block.level] : BODY
    ensureSpace(doc, heading ? 40 : Math.min(heightOf(doc, segs, width, size), 30))
    if (heading) doc.moveDown(0.3)
    writeInline(doc, segs, { x, y: doc.y, width }, { size, color: INK, linkColor })
    doc.moveDown(heading ? 0.2 : 0.5)
  }
}
