import { COMPANY_SETTINGS_DEFAULTS } from '@plumbline/contracts'
import { formatCurrency } from '@plumbline/contracts/format'
import { formatCents, parseCents } from '@plumbline/contracts/money'
import { describe, expect, it } from 'vitest'
import { brandingFrom, DEFAULT_BRANDING } from '../../src/domain/branding.js'
import { checkLink, signLink } from '../../src/domain/link-signature.js'
import { buildPdfModel, pageSizeOf } from '../../src/domain/pdf-model.js'
import { formatQuantity } from '../../src/domain/quantity.js'
import { contentDisposition } from '../../src/http/send-file.js'
import { pdfFileName } from '../../src/usecases/generate-pdf.js'
import { logoFileName } from '../../src/usecases/upload-logo.js'
import { makeDocument, makeSettings } from '../support/fixtures.js'

describe('money', () => {
  it('parses and formats decimal strings without floats', () => {
    expect(parseCents('1234.5')).toBe(123450n)
    expect(parseCents('-12.345')).toBe(-1235n)
    expect(parseCents('0.004')).toBe(0n)
    expect(parseCents('garbage')).toBeNull()
    expect(formatCents(123456789n)).toBe('$1,234,567.89')
    expect(formatCents(-1200n)).toBe('-$12.00')
    expect(formatCurrency('999999999999.99')).toBe('$999,999,999,999.99')
    expect(formatQuantity('12.500')).toBe('12.5')
    expect(formatQuantity('3.000')).toBe('3')
  })

  it('takes valid dark-enough hex colours and falls back otherwise', () => {
    expect(brandingFrom({ primary: '#0F5132' }).primary).toBe('#0f5132')
    expect(brandingFrom({ primary: '#abc' }).primary).toBe('#aabbcc')
    expect(brandingFrom({ primary: 'red' }).primary).toBe(DEFAULT_BRANDING.primary)
    expect(brandingFrom({ primary: '#ffffff' }).primary).toBe(DEFAULT_BRANDING.primary)
    expect(brandingFrom({ primary: '#12345g' }).primary).toBe(DEFAULT_BRANDING.primary)
    expect(brandingFrom({ primary: { $gt: '' } }).primary).toBe(DEFAULT_BRANDING.primary)
  })
})

describe('signed links', () => {
  const secret = 'x'.repeat(40)
  const fields = { fileId: 'f', orgId: 'o', expires: 2_000_000_000 }
  it('valid, expired and tampered', () => {
    const sig = signLink(secret, fields)
    expect(checkLink(secret, fields, sig, 1_000)).toBe('valid')
    expect(checkLink(secret, fields, sig, 2_000_000_000_000)).toBe('expired')
    expect(checkLink(secret, { ...fields, orgId: 'p' }, sig, 1_000)).toBe('invalid')
    expect(checkLink(secret, { ...fields, expires: fields.expires + 1 }, sig, 1_000)).toBe('invalid')
    expect(checkLink('y'.repeat(40), fields, sig, 1_000)).toBe('invalid')
    expect(checkLink(secret, fields, '', 1_000)).toBe('invalid')
  })
})

describe('PDF model', () => {
  it('prints only sections flagged for the PDF, never qa_notes; only enabled, visible phases; no tax percentages', () => {
    const model = buildPdfModel(makeDocument({ lineItems: 3 }), makeSettings())
    expect(model.sections.map((s) => s.heading)).toEqual(['Executive Summary', 'Project Overview', 'Scope of Work'])
    expect(model.phases.map((p) => p.name)).toEqual(['Preparation', 'Tear-off and Install', 'Final Inspection'])
    expect(model.totals.map((t) => t.label)).toEqual(['Subtotal', 'Markup', 'Tax', 'Grand Total'])
    expect(JSON.stringify(model)).not.toContain('8.25')
    expect(model.lineItemSections[0].items).toHaveLength(3)
  })

  it('hides line items unless enabled and defaults to Letter', () => {
    const model = buildPdfModel(makeDocument({ lineItems: 3 }), { ...COMPANY_SETTINGS_DEFAULTS })
    expect(model.lineItemSections).toEqual([])
    expect(model.pageSize).toBe('LETTER')
    expect(model.company.name).toBeNull()
    expect(pageSizeOf({ pageSize: 'a4' })).toBe('A4')
    expect(pageSizeOf({ pageSize: 'Tabloid' })).toBe('LETTER')
  })

  it('holds each section as the shared parser reads it: the tree the web pages draw', () => {
    const scope = buildPdfModel(makeDocument({ lineItems: 3 }), makeSettings()).sections.find((s) => s.heading === 'Scope of Work')!
    expect(scope.body.map((b) => b.type)).toEqual(['heading', 'list', 'heading', 'list'])
    expect(scope.body[3]).toMatchObject({ type: 'list', ordered: true, start: 1, items: [{ content: [{ text: 'Magnetic sweep for nails' }] }, {}] })
  })
})

describe('file names', () => {
  it('are safe for headers and disks', () => {
    expect(logoFileName('../../etc/passwd.png', 'png')).toBe('passwd.png')
    expect(logoFileName('C:\\x\\Évian logo.PDF', 'png')).toBe('Evian-logo.png')
    expect(logoFileName('"; rm -rf.jpg', 'jpg')).toBe('rm-rf.jpg')
    expect(logoFileName('', 'png')).toBe('logo.png')
    expect(pdfFileName('Smith "Roof" / Replacement')).toBe('Smith-Roof-Replacement-estimate.pdf')
    expect(pdfFileName('💥')).toBe('estimate-estimate.pdf')
    expect(contentDisposition('a"b\r\nc.pdf')).toBe(`inline; filename="abc.pdf"; filename*=UTF-8''a%22b%0D%0Ac.pdf`)
  })
})

describe('printable text', () => {
  it('keeps Latin (extended), Vietnamese, Greek, Cyrillic and typographic marks; replaces what the embedded font cannot print', async () => {
    const { printable } = await import('../../src/domain/printable.js')
    expect(printable('Zoë – “quoted” • 5€ ™')).toBe('Zoë – “quoted” • 5€ ™')
    for (const name of ['Łukasz Wójcik', 'Nguyễn Văn Anh', 'Γιώργος', 'Светлана', 'Şükrü Çağlar']) expect(printable(name)).toBe(name)
    expect(printable('Nguyễn'.normalize('NFD'))).toBe('Nguyễn')
    expect(printable('a💥b日本\u0000c\u0007')).toBe('a?b??c')
    const doc = makeDocument({ lineItems: 1 })
    doc.estimate.clientName = 'Jane 💥 Smith'
    expect(buildPdfModel(doc, makeSettings()).facts[0]).toEqual({ label: 'Client', value: 'Jane ? Smith' })
  })
})
