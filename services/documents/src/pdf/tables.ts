import type PDFDocument from 'pdfkit'
import type { PdfModel } from '../domain/pdf-model.js'
import { FONT } from './fonts.js'
import { bottomLimit, contentWidth, ensureSpace, INK, left, MUTED, RULE, ZEBRA } from './layout.js'

type Doc = InstanceType<typeof PDFDocument>
type Column = { title: string; width: number; align: 'left' | 'right' }

const PAD = 5
const BODY_SIZE = 9.5

/** Item, Qty, Unit, Unit Cost, Total: the item column takes what the fixed ones leave. */
function lineItemColumns(width: number): Column[] {
  const fixed: Column[] = [
    { title: 'Qty', width: 52, align: 'right' },
    { title: 'Unit', width: 50, align: 'left' },
    { title: 'Unit Cost', width: 78, align: 'right' },
    { title: 'Total', width: 84, align: 'right' },
  ]
  return [{ title: 'Item', width: width - fixed.reduce((s, c) => s + c.width, 0), align: 'left' }, ...fixed]
}

function drawHeaderRow(doc: Doc, columns: Column[], color: string): void {
  const y = doc.y
  const h = 18
  doc.rect(left(doc), y, contentWidth(doc), h).fill(color)
  let x = left(doc)
  doc.font(FONT.bold).fontSize(8.5).fillColor('#ffffff')
  for (const c of columns) {
    doc.text(c.title.toUpperCase(), x + PAD, y + 5.5, { width: c.width - PAD * 2, align: c.align, lineBreak: false, characterSpacing: 0.3 })
    x += c.width
  }
  doc.y = y + h
}

/**
 * Height of a row. Only the item name can wrap: numbers, units and money are short, and
 * measuring every cell with heightOfString made 300 rows twice as slow.
 */
function rowHeight(doc: Doc, columns: Column[], cells: string[]): number {
  doc.font(FONT.regular).fontSize(BODY_SIZE)
  const width = columns[0].width - PAD * 2
  const line = doc.currentLineHeight(true)
  const nameH = doc.widthOfString(cells[0]) <= width ? line : doc.heightOfString(cells[0], { width })
  return Math.max(nameH, line) + PAD * 2 - 1
}

function drawRow(doc: Doc, columns: Column[], cells: string[], h: number, shade: boolean): void {
  const y = doc.y
  if (shade) doc.rect(left(doc), y, contentWidth(doc), h).fill(ZEBRA)
  let x = left(doc)
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(INK)
  cells.forEach((cell, i) => {
    const wraps = i === 0 && h > doc.currentLineHeight(true) + PAD * 2
    doc.text(cell, x + PAD, y + PAD, { width: columns[i].width - PAD * 2, align: columns[i].align, lineBreak: wraps })
    x += columns[i].width
  })
  doc.y = y + h
}

/**
 * Line items grouped by section. A row never splits across pages; after a page break the
 * column header repeats with the section name marked "(continued)".
 */
export function writeLineItems(doc: Doc, sections: PdfModel['lineItemSections'], color: string): void {
  const columns = lineItemColumns(contentWidth(doc))
  for (const section of sections) {
    ensureSpace(doc, 22 + 18 + 40)
    doc.moveDown(0.4)
    writeSectionTitle(doc, section.name, section.total, color)
    drawHeaderRow(doc, columns, color)
    section.items.forEach((item, i) => {
      const cells = [item.name, item.quantity, item.unit, item.unitCost, item.total]
      const h = rowHeight(doc, columns, cells)
      if (doc.y + h > bottomLimit(doc)) {
        doc.addPage()
        writeSectionTitle(doc, `${section.name} (continued)`, null, color)
        drawHeaderRow(doc, columns, color)
      }
      drawRow(doc, columns, cells, h, i % 2 === 1)
    })
    doc
      .moveTo(left(doc), doc.y)
      .lineTo(left(doc) + contentWidth(doc), doc.y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke()
    doc.y += 4
  }
}

function writeSectionTitle(doc: Doc, name: string, total: string | null, color: string): void {
  const y = doc.y
  const width = contentWidth(doc)
  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .fillColor(color)
    .text(name, left(doc), y, { width: width - 120, lineBreak: false, ellipsis: true })
  if (total)
    doc
      .font(FONT.bold)
      .fontSize(10.5)
      .fillColor(INK)
      .text(total, left(doc) + width - 120, y, { width: 120, align: 'right', lineBreak: false })
  doc.y = y + 16
}

/** Enabled phases with their amounts; the description sits under the name in grey. */
export function writePhases(doc: Doc, phases: PdfModel['phases']): void {
  const width = contentWidth(doc)
  const amountWidth = 110
  phases.forEach((p, i) => {
    doc.font(FONT.regular).fontSize(9)
    const descH = p.description ? doc.heightOfString(p.description, { width: width - amountWidth - 16 }) + 2 : 0
    const h = 14 + descH + 8
    ensureSpace(doc, h)
    const y = doc.y
    if (i % 2 === 0) doc.rect(left(doc), y, width, h).fill(ZEBRA)
    doc
      .font(FONT.bold)
      .fontSize(10.5)
      .fillColor(INK)
      .text(p.name, left(doc) + 8, y + 5, { width: width - amountWidth - 16, lineBreak: false, ellipsis: true })
    doc
      .font(FONT.bold)
      .fontSize(10.5)
      .text(p.amount, left(doc) + width - amountWidth - 8, y + 5, { width: amountWidth, align: 'right', lineBreak: false })
    if (p.description)
      doc
        .font(FONT.regular)
        .fontSize(9)
        .fillColor(MUTED)
        .text(p.description, left(doc) + 8, y + 19, { width: width - amountWidth - 16 })
    doc.y = y + h
  })
}
