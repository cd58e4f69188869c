import { execFileSync } from 'node:child_process'
import { tmpPdf } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { buildPdfModel } from '../../src/domain/pdf-model.js'
import { renderEstimatePdf } from '../../src/pdf/render-estimate-pdf.js'
import { makeDocument, makeSettings } from '../support/fixtures.js'
import { pdfText, shootFirstPage } from '../support/pdf-tools.js'

// The PDF draws a content section from the same tree as the web pages: headings, bold, italic,
// lists and links, never the Markdown's markers, and never a script link.

export const RICH_SECTION = [
  '## Roofing',
  'We will **remove the existing shingles** down to the deck and install *architectural* shingles.',
  'Work is ***fully insured***.',
  '',
  '- Ice and water shield at **eaves** and valleys',
  '- Ridge vent',
  '  - Baffles in every rafter bay',
  '',
  '1. Magnetic sweep for nails',
  '2. Haul away all debris',
  '',
  'Questions? [Read our warranty](https://acme.example/warranty) or [click](javascript:alert) here.',
  '<script>alert(1)</script> stays words; so does snake_case_name.',
].join('\n')

async function renderSection(text: string) {
  const doc = makeDocument({ lineItems: 2 })
  doc.estimate.contentSections.executive_summary = text
  return (await renderEstimatePdf(buildPdfModel(doc, makeSettings()), null)).bytes
}

describe('content sections in the PDF', () => {
  it('prints headings, bold and italic text and lists with their words, not their markers', async () => {
    const bytes = await renderSection(RICH_SECTION)
    const text = pdfText(bytes)
    const flat = text.replace(/\s+/g, ' ')
    for (const expected of [
      'Roofing We will remove the existing shingles down to the deck and install architectural shingles.',
      'Work is fully insured.',
      'Questions? Read our warranty or click here.',
      '<script>alert(1)</script> stays words; so does snake_case_name.',
    ])
      expect(flat, expected).toContain(expected)
    expect(text).toMatch(/•\s+Ice and water shield at eaves and valleys/)
    expect(text).toMatch(/•\s+Ridge vent\s+◦\s+Baffles in every rafter bay/)
    expect(text).toMatch(/1\.\s+Magnetic sweep for nails\s+2\.\s+Haul away all debris/)
    for (const marker of ['**', '##', '***', '](', '- Ice']) expect(text, marker).not.toContain(marker)
    // The line break inside the paragraph is kept: "Work is…" starts its own line.
    expect(text).toMatch(/shingles\.\s*\n\s*Work is fully insured/)
    expect(shootFirstPage(bytes, 'rich-text')).toMatch(/rich-text-1\.png$/)
  })

  it('sets bold, italic and bold italic in their own faces', async () => {
    const fonts = execFileSync('pdffonts', [tmpPdf(await renderSection(RICH_SECTION))], { encoding: 'utf8' })
    for (const face of ['DejaVuSans-Bold', 'DejaVuSans-Oblique', 'DejaVuSans-BoldOblique']) expect(fonts, face).toContain(face)
  })

  it('links only to http(s): a script link keeps its words and no target', async () => {
    const raw = (await renderSection(RICH_SECTION)).toString('latin1')
    expect(raw).toContain('/URI (https://acme.example/warranty)')
    expect(raw).not.toMatch(/\/URI\s*\((?!https:\/\/acme\.example\/warranty\))/)
    expect(raw.toLowerCase()).not.toContain('javascript')
  })

  it('prints very long words and deep emphasis without losing text', async () => {
    const word = 'Z'.repeat(400)
    const flat = pdfText(await renderSection(`**${word}**\n\n_*__**deep**__*_ end`)).replace(/\s+/g, '')
    expect(flat).toContain(word)
    expect(flat).toContain('deepend')
  })
})
