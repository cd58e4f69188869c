import PDFDocument from 'pdfkit'
import type { PdfModel } from '../domain/pdf-model.js'
import { FONT, registerFonts } from './fonts.js'
import { contentWidth, ensureSpace, FAINT, heading, INK, left, MUTED, RULE } from './layout.js'
import { writeRichText } from './rich-text.js'
import { writeLineItems, writePhases } from './tables.js'

type Doc = InstanceType<typeof PDFDocument>

export type RenderedPdf = { bytes: Buffer; pages: number }

const LOGO_BOX = { width: 160, height: 64 }

/** Letterhead: logo left, company name and contact details right, a brand-coloured rule under both. */
function writeLetterhead(doc: Doc, model: PdfModel, logo: Buffer | null): void {
  const top = doc.page.margins.top
  const width = contentWidth(doc)
  let logoBottom = top
  if (logo) {
    try {
      doc.image(logo, left(doc), top, { fit: [LOGO_BOX.width, LOGO_BOX.height] })
      logoBottom = top + LOGO_BOX.height
    } catch {
      // A stored logo pdfkit cannot draw must not cost the contractor the whole PDF.
    }
  }
  const textX = left(doc) + (logo ? LOGO_BOX.width + 16 : 0)
  const textWidth = width - (textX - left(doc))
  const align = logo ? 'right' : 'left'
  doc.y = top
  if (model.company.name) doc.font(FONT.bold).fontSize(17).fillColor(model.branding.primary).text(model.company.name, textX, doc.y, { width: textWidth, align })
  doc.font(FONT.regular).fontSize(9).fillColor(MUTED)
  for (const line of model.company.contactLines) doc.text(line, textX, doc.y + 1, { width: textWidth, align })
  if (model.company.license)
    doc.text(`License #${model.company.license.replace(/^(license|lic\.?)\s*#?\s*/i, '')}`, textX, doc.y + 1, { width: textWidth, align })
  const ruleY = Math.max(doc.y, logoBottom) + 12
  doc
    .moveTo(left(doc), ruleY)
    .lineTo(left(doc) + width, ruleY)
    .lineWidth(2)
    .strokeColor(model.branding.primary)
    .stroke()
  doc.y = ruleY + 18
}

/** Title, then the estimate's facts in two columns of label/value pairs. */
function writeTitleAndFacts(doc: Doc, model: PdfModel): void {
  const width = contentWidth(doc)
  doc.font(FONT.bold).fontSize(22).fillColor(INK).text(model.title, left(doc), doc.y, { width })
  doc.moveDown(0.5)
  const colWidth = (width - 24) / 2
  const rows = Math.ceil(model.facts.length / 2)
  const startY = doc.y
  let bottom = startY
  model.facts.forEach((fact, i) => {
    const col = i < rows ? 0 : 1
    const x = left(doc) + col * (colWidth + 24)
    const y = col === 0 && i === 0 ? startY : i === rows ? startY : doc.y
    doc.font(FONT.bold).fontSize(7.5).fillColor(FAINT).text(fact.label.toUpperCase(), x, y, { width: colWidth, characterSpacing: 0.6 })
    doc
      .font(FONT.regular)
      .fontSize(10.5)
      .fillColor(INK)
      .text(fact.value, x, doc.y + 1, { width: colWidth })
    doc.y += 6
    bottom = Math.max(bottom, doc.y)
  })
  doc.y = bottom
}

/** Totals right-aligned in a box; the grand total in the brand colour; the range beneath. */
function writeTotals(doc: Doc, model: PdfModel): void {
  const boxWidth = 300
  const x = left(doc) + contentWidth(doc) - boxWidth
  const rowH = 18
  const height = model.totals.length * rowH + 16 + (model.range ? 30 : 0)
  ensureSpace(doc, height + 20)
  doc.moveDown(0.8)
  const top = doc.y
  doc.roundedRect(x, top, boxWidth, height, 4).lineWidth(0.75).strokeColor(RULE).stroke()
  let y = top + 8
  for (const row of model.totals) {
    if (row.strong) {
      doc
        .moveTo(x + 10, y - 2)
        .lineTo(x + boxWidth - 10, y - 2)
        .lineWidth(0.75)
        .strokeColor(RULE)
        .stroke()
      y += 2
    }
    const size = row.strong ? 13 : 10.5
    // The label gets what the amount leaves, so a long label and a large amount never overlap.
    const valueWidth = doc.font(FONT.bold).fontSize(size).widthOfString(row.value)
    doc
      .font(row.strong ? FONT.bold : FONT.regular)
      .fontSize(size)
      .fillColor(row.strong ? INK : MUTED)
      .text(row.label, x + 12, y, { width: boxWidth - 24 - valueWidth - 8, lineBreak: false })
    doc
      .font(FONT.bold)
      .fontSize(size)
      .fillColor(row.strong ? model.branding.primary : INK)
      .text(row.value, x + 12, y, { width: boxWidth - 24, align: 'right', lineBreak: false })
    y += rowH
  }
  if (model.range) {
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text('Estimated range', x + 12, y + 4, { width: boxWidth - 24, lineBreak: false })
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(INK)
      .text(model.range, x + 12, y + 15, { width: boxWidth - 24, lineBreak: false })
  }
  doc.y = top + height + 6
}

const SIGNATURE_BOX = { width: 220, height: 70 }

/**
 * The client's approval: who signed (and their e-mail), when, from which address and browser, the
 * signature (the drawn image, or the typed name in a script-like italic) and the snapshot's sha256,
 * printed whole so anyone can check it against the record.
 */
function writeApproval(doc: Doc, model: PdfModel): void {
  const a = model.approval
  if (!a) return
  heading(doc, 'Client Approval', model.branding.primary, 170)
  const width = contentWidth(doc)
  const x = left(doc)
  const top = doc.y
  if (a.signaturePng) {
    try {
      doc.image(a.signaturePng, x, top, { fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height] })
    } catch {
      // An image pdfkit cannot draw still leaves the signed facts below.
      doc
        .font(FONT.italic)
        .fontSize(20)
        .fillColor(INK)
        .text(a.signerName, x, top + 20, { width: SIGNATURE_BOX.width })
    }
  } else {
    doc
      .font(FONT.italic)
      .fontSize(22)
      .fillColor(INK)
      .text(a.signerName, x, top + 20, { width: SIGNATURE_BOX.width })
  }
  const lineY = top + SIGNATURE_BOX.height + 4
  doc
    .moveTo(x, lineY)
    .lineTo(x + SIGNATURE_BOX.width, lineY)
    .lineWidth(0.75)
    .strokeColor(MUTED)
    .stroke()
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(MUTED)
    .text(a.signatureKind === 'drawn' ? 'Signature (drawn)' : 'Signature (typed name)', x, lineY + 3, { width: SIGNATURE_BOX.width })
  const facts: [string, string][] = [
    ['Approved by', a.signerName],
    ...(a.signerEmail ? ([['E-mail', a.signerEmail]] as [string, string][]) : []),
    ['Approved on', a.decidedAt],
    ['IP address', a.ip ?? '—'],
    ['Browser', a.userAgent ?? '—'],
  ]
  const fx = x + SIGNATURE_BOX.width + 24
  const fw = width - SIGNATURE_BOX.width - 24
  let y = top
  for (const [label, value] of facts) {
    doc.font(FONT.bold).fontSize(7.5).fillColor(FAINT).text(label.toUpperCase(), fx, y, { width: fw, characterSpacing: 0.6 })
    doc
      .font(FONT.regular)
      .fontSize(9.5)
      .fillColor(INK)
      .text(value, fx, doc.y + 1, { width: fw })
    y = doc.y + 4
  }
  doc.y = Math.max(y, lineY + 16)
  doc
    .font(FONT.bold)
    .fontSize(7.5)
    .fillColor(FAINT)
    .text('SHA-256 OF THE APPROVED SNAPSHOT', x, doc.y + 4, { width, characterSpacing: 0.6 })
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(INK)
    .text(a.sha256, x, doc.y + 1, { width })
}

function writeDisclaimer(doc: Doc, model: PdfModel): void {
  doc.font(FONT.italic).fontSize(8.5)
  const h = doc.heightOfString(model.disclaimer, { width: contentWidth(doc), lineGap: 1.5 })
  ensureSpace(doc, h + 30)
  doc.moveDown(1.2)
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Disclaimer', left(doc), doc.y, { width: contentWidth(doc) })
  doc.moveDown(0.2)
  doc
    .font(FONT.italic)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(model.disclaimer, left(doc), doc.y, { width: contentWidth(doc), lineGap: 1.5 })
}

/** "Page X of Y" and the company name on every page, written once the page count is known. */
function writeFooters(doc: Doc, model: PdfModel): number {
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const bottomMargin = doc.page.margins.bottom
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    doc.page.margins.bottom = 0
    const y = doc.page.height - bottomMargin + 22
    const width = contentWidth(doc)
    doc
      .moveTo(left(doc), y - 8)
      .lineTo(left(doc) + width, y - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
    doc.font(FONT.regular).fontSize(8).fillColor(FAINT)
    doc.text(model.company.name ?? model.title, left(doc), y, { width: width / 2, lineBreak: false, ellipsis: true })
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, left(doc) + width / 2, y, { width: width / 2, align: 'right', lineBreak: false })
    doc.page.margins.bottom = bottomMargin
  }
  return range.count
}

/** Renders the branded estimate PDF from its prepared model (and the logo bytes, if any). */
export function renderEstimatePdf(model: PdfModel, logo: Buffer | null): Promise<RenderedPdf> {
  const doc = new PDFDocument({
    size: model.pageSize,
    margins: { top: 50, bottom: 64, left: 54, right: 54 },
    bufferPages: true,
    info: { Title: `${model.title}${model.company.name ? ` - ${model.company.name}` : ''}`, Author: model.company.name ?? 'Plumbline', Creator: 'Plumbline' },
  })
  registerFonts(doc)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  writeLetterhead(doc, model, logo)
  writeTitleAndFacts(doc, model)
  for (const section of model.sections) {
    heading(doc, section.heading, model.branding.primary)
    writeRichText(doc, section.body, model.branding.primary)
  }
  if (model.phases.length) {
    heading(doc, 'Project Phases', model.branding.primary)
    writePhases(doc, model.phases)
  }
  if (model.lineItemSections.length) {
    heading(doc, 'Line Items', model.branding.primary, 80)
    writeLineItems(doc, model.lineItemSections, model.branding.primary)
  }
  heading(doc, 'Investment Summary', model.branding.primary, 120)
  writeTotals(doc, model)
  writeApproval(doc, model)
  writeDisclaimer(doc, model)
  const pages = writeFooters(doc, model)
  doc.end()
  return done.then((bytes) => ({ bytes, pages }))
}
