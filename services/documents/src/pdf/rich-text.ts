import type PDFDocument from 'pdfkit'
import { FONT } from './fonts.js'
import { contentWidth, ensureSpace, INK, left } from './layout.js'

type Doc = InstanceType<typeof PDFDocument>

/** Generated sections are light Markdown; the PDF keeps its structure, not its syntax. */
type Block = { kind: 'heading' | 'paragraph' | 'bullet'; text: string; marker?: string }

const stripInline = (s: string) =>
  s
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .trim()

export function parseBlocks(body: string): Block[] {
  const blocks: Block[] = []
  let paragraph: string[] = []
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: stripInline(paragraph.join(' ')) })
    paragraph = []
  }
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim()
    const bullet = /^([-*•]|\d{1,3}[.)])\s+(.*)$/.exec(line)
    if (!line) flush()
    else if (/^#{1,6}\s+/.test(line)) {
      flush()
      blocks.push({ kind: 'heading', text: stripInline(line.replace(/^#{1,6}\s+/, '')) })
    } else if (bullet) {
      flush()
      blocks.push({ kind: 'bullet', text: stripInline(bullet[2]), marker: /\d/.test(bullet[1]) ? bullet[1] : '•' })
    } else paragraph.push(line)
  }
  flush()
  return blocks.filter((b) => b.text.length > 0)
}

/** Writes one section body: sub-headings bold, bullets hanging-indented, paragraphs spaced. */
export function writeRichText(doc: Doc, body: string): void {
  const width = contentWidth(doc)
  for (const block of parseBlocks(body)) {
    if (block.kind === 'heading') {
      ensureSpace(doc, 40)
      doc.moveDown(0.3).font(FONT.bold).fontSize(11).fillColor(INK).text(block.text, left(doc), doc.y, { width })
      doc.moveDown(0.2)
    } else if (block.kind === 'bullet') {
      doc.font(FONT.regular).fontSize(10.5)
      const indent = 14
      const h = doc.heightOfString(block.text, { width: width - indent, lineGap: 2 })
      ensureSpace(doc, Math.min(h, 60))
      const y = doc.y
      doc.fillColor(INK).text(block.marker ?? '•', left(doc) + 2, y, { width: indent, lineBreak: false })
      doc.text(block.text, left(doc) + indent, y, { width: width - indent, lineGap: 2 })
      doc.moveDown(0.15)
    } else {
      doc.font(FONT.regular).fontSize(10.5)
      ensureSpace(doc, 30)
      doc.fillColor(INK).text(block.text, left(doc), doc.y, { width, lineGap: 2, align: 'left' })
      doc.moveDown(0.5)
    }
  }
}
