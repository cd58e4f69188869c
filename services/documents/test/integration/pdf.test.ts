import { existsSync } from 'node:fs'
import { DocumentErrorCode, Subjects } from '@plumbline/contracts'
import { claimsFor, signedRequest } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneFiles } from '../../src/data/files-repo.js'
import { downloadPath } from '../../src/domain/link-signature.js'
import { type DocumentsTestService, logoForm, newEstimateId, newOrgId, startDocumentsTestService } from '../support/documents-test-service.js'
import { makeDocument, makeSettings } from '../support/fixtures.js'
import { pngBytes } from '../support/images.js'
import { pdfInfo, pdfText, shootFirstPage } from '../support/pdf-tools.js'

let svc: DocumentsTestService
const orgA = newOrgId()
const orgB = newOrgId()
const estimateA = newEstimateId()
const estimateB = newEstimateId()

beforeAll(async () => {
  svc = await startDocumentsTestService()
  svc.standIns.documents.set(`${orgA}/${estimateA}`, makeDocument({ id: estimateA, lineItems: 40 }))
  svc.standIns.documents.set(`${orgB}/${estimateB}`, makeDocument({ id: estimateB, lineItems: 5 }))
  svc.standIns.settings.set(orgA, makeSettings())
})
afterAll(async () => {
  await svc?.close()
})

async function generate(orgId: string, estimateId: string) {
  const res = await svc.as(orgId)('POST', `/organizations/${orgId}/estimates/${estimateId}/generate-pdf`)
  return res
}

/** The gateway serves the link under /api; the service sees it without that prefix. */
const servicePath = (downloadUrl: string) => downloadUrl.replace(/^\/api/, '')

async function download(orgId: string, downloadUrl: string) {
  return signedRequest(svc.base, claimsFor(orgId), 'GET', servicePath(downloadUrl))
}

describe('PDF export', () => {
  it('renders the branded estimate: company, client, included sections, phases, line items and totals; never qa_notes or excluded sections', async () => {
    const res = await generate(orgA, estimateA)
    expect(res.status).toBe(200)
    expect(res.body.downloadUrl).toMatch(/^\/api\/documents\/files\/[0-9a-f-]{36}\?organizationId=.+&expires=\d+&signature=[\w-]+$/)
    const file = await download(orgA, res.body.downloadUrl)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="Smith-Roof-Replacement-estimate\.pdf"/)
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(file.headers.get('cache-control')).toBe('no-store')
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-')

    const text = pdfText(file.bytes)
    for (const expected of [
      'Acme Roofing Co.',
      'hello@acmeroofing.example',
      '(555) 010-2030',
      '400 Industrial Way',
      'https://acmeroofing.example',
      'License #RC-123456',
      'Construction Estimate',
      'Jane Smith',
      'Smith Roof Replacement',
      '12 Elm Street, Springfield, IL 62701',
      'Pending',
      'Executive Summary',
      'tear-off and replacement',
      'Project Overview',
      'Scope of Work',
      'Remove existing shingles down to the deck',
      'Project Phases',
      'Preparation',
      'Tear-off and Install',
      'Final Inspection',
      'Line Items',
      'ITEM',
      'QTY',
      'UNIT COST',
      'Ridge vent',
      'Subtotal',
      'Markup',
      'Tax',
      'Grand Total',
      'Estimated range',
      'Disclaimer',
      'Page 1 of',
    ])
      expect(text, expected).toContain(expected)
    for (const absent of ['INTERNAL-QA-MARKER', 'HIDDEN-TIMELINE-MARKER', 'Secret Hidden Phase', 'Disabled Phase', '8.25%', '**'])
      expect(text, absent).not.toContain(absent)

    const doc = makeDocument({ id: estimateA, lineItems: 40 })
    const grand = Number(doc.pricing.totals.grandTotal).toLocaleString('en-US', { style: 'currency', currency: 'USD' })
    expect(text).toContain(grand)
    // ±10 % (the settings' variance) of the estimate's total cost (10,000), in whole dollars: the
    // rule the detail page and the public page use (libs/contracts format.ts).
    expect(text).toContain('$9,000 - $11,000')
    const pages = Number(pdfInfo(file.bytes).Pages)
    expect(text).toContain(`Page ${pages} of ${pages}`)
    expect(pdfInfo(file.bytes)['Page size']).toContain('612 x 792')
    expect(existsSync(shootFirstPage(file.bytes, 'estimate-letter'))).toBe(true)
  })

  it('records documents.pdf.generated.v1 in the outbox with the file and page count', async () => {
    const res = await generate(orgA, estimateA)
    const fileId = /files\/([0-9a-f-]{36})/.exec(res.body.downloadUrl)![1]
    const rows = await svc.deps.prisma.outboxEvent.findMany({ where: { subject: Subjects.pdfGenerated } })
    const mine = rows
      .map((r) => r.payload as { orgId: string; data: { fileId: string; estimateId: string; pages: number } })
      .find((p) => p.data.fileId === fileId)
    expect(mine).toMatchObject({ orgId: orgA, data: { estimateId: estimateA, fileId } })
    expect(mine!.data.pages).toBeGreaterThanOrEqual(2)
    const stored = await svc.deps.prisma.storedFile.findUnique({ where: { id: fileId } })
    expect(stored).toMatchObject({ organizationId: orgA, kind: 'pdf', mimeType: 'application/pdf', estimateId: estimateA })
    expect(stored!.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('shows line items only when the company enables them', async () => {
    const org = newOrgId()
    const id = newEstimateId()
    svc.standIns.documents.set(`${org}/${id}`, makeDocument({ id, lineItems: 12 }))
    svc.standIns.settings.set(org, makeSettings({ enableLineItems: false }))
    const res = await generate(org, id)
    const text = pdfText((await download(org, res.body.downloadUrl)).bytes)
    expect(text).toContain('Grand Total')
    expect(text).not.toContain('Ridge vent')
    expect(text).not.toContain('UNIT COST')
  })

  it('prints on A4 when the template settings ask for it, with the uploaded logo', async () => {
    const org = newOrgId()
    const id = newEstimateId()
    svc.standIns.documents.set(`${org}/${id}`, makeDocument({ id, lineItems: 20 }))
    svc.standIns.settings.set(org, makeSettings({ estimateTemplateSettings: { pageSize: 'A4' }, brandingColors: { primary: '#7c2d12' }, logoFileData: true }))
    const up = await svc.as(org)('POST', `/organizations/${org}/company-settings/logo`, {
      body: logoForm(await pngBytes(600, 200, '#7c2d12'), 'logo.png', 'image/png'),
    })
    expect(up.status).toBe(200)
    const res = await generate(org, id)
    const file = await download(org, res.body.downloadUrl)
    expect(pdfInfo(file.bytes)['Page size']).toContain('595.28 x 841.89')
    expect(file.bytes.includes('/Subtype /Image')).toBe(true)
    expect(existsSync(shootFirstPage(file.bytes, 'estimate-a4'))).toBe(true)
  })

  it('renders without a logo, company details or pricing (settings unavailable defaults), using the estimate total', async () => {
    const org = newOrgId()
    const id = newEstimateId()
    const doc = makeDocument({ id, lineItems: 0 })
    doc.pricing.totals = { ...doc.pricing.totals, baseTotal: '0.00', markupTotal: '0.00', taxTotal: '0.00', grandTotal: '0.00', taxes: [] }
    svc.standIns.documents.set(`${org}/${id}`, doc)
    svc.standIns.settings.set(org, {
      ...makeSettings(),
      companyName: null,
      companyEmail: null,
      companyPhone: null,
      companyAddress: null,
      website: null,
      contractorLicense: null,
      brandingColors: { primary: 'javascript:alert(1)' },
    })
    const res = await generate(org, id)
    const file = await download(org, res.body.downloadUrl)
    const text = pdfText(file.bytes)
    expect(text).toContain('Total Estimated Cost')
    expect(text).toContain('$10,000.00')
    expect(text).toContain('$9,000 - $11,000')
    expect(file.bytes.includes('/Subtype /Image')).toBe(false)
  })

  it('prints names in Latin Extended, Vietnamese, Greek and Cyrillic exactly (embedded DejaVu Sans, not Latin-1 only)', async () => {
    const org = newOrgId()
    const id = newEstimateId()
    const doc = makeDocument({ id, lineItems: 2 })
    const names = ['Łukasz Wójcik', 'Nguyễn Văn Anh', 'Γιώργος Παπαδόπουλος', 'Светлана Иванова', 'Şükrü Çağlar', 'Zoë “quoted” – 5€']
    doc.estimate.clientName = names[0]!
    doc.estimate.projectName = `Dom ${names[3]}`
    // Typed with combining marks (NFD): printed as the composed letters.
    doc.estimate.propertyAddress = `${names[1]!.normalize('NFD')}, 12 Phố Huế, Hà Nội`
    doc.sections[0]!.name = names[2]!
    doc.sections[0]!.lineItems[0]!.name = names[4]!
    doc.sections[0]!.lineItems[1]!.name = `${names[5]} 💥 日本`
    svc.standIns.documents.set(`${org}/${id}`, doc)
    svc.standIns.settings.set(org, { ...makeSettings(), companyName: 'Ремонт Łódź Sp. z o.o.' })
    const res = await generate(org, id)
    expect(res.status).toBe(200)
    const text = pdfText((await download(org, res.body.downloadUrl)).bytes)
    for (const name of [...names, 'Nguyễn Văn Anh, 12 Phố Huế, Hà Nội', 'Ремонт Łódź Sp. z o.o.']) expect(text).toContain(name)
    // What no embedded font covers (emoji, CJK) still becomes '?', never a blank box.
    expect(text).toContain(`${names[5]} ? ??`)
    expect(text).not.toContain('Ł?')
  })

  it('refuses over quota with PDF_LIMIT_REACHED and the numbers', async () => {
    const org = newOrgId()
    const id = newEstimateId()
    svc.standIns.documents.set(`${org}/${id}`, makeDocument({ id }))
    svc.standIns.quota.set(org, { allowed: false, used: 5, limit: 5 })
    const res = await generate(org, id)
    expect(res.status).toBe(429)
    expect(res.body).toMatchObject({
      code: DocumentErrorCode.PDF_LIMIT_REACHED,
      message: 'Monthly PDF limit reached (5 of 5). Upgrade your plan or wait until next month.',
    })
    expect(await svc.deps.prisma.storedFile.count({ where: { organizationId: org } })).toBe(0)
  })

  it("answers 404 for an unknown estimate, another organisation's estimate, or a malformed id", async () => {
    expect((await generate(orgA, newEstimateId())).status).toBe(404)
    expect((await generate(orgA, estimateB)).status).toBe(404)
    expect((await generate(orgA, 'not-a-uuid')).status).toBe(404)
    // The victim org in the path with the attacker's identity.
    expect((await svc.as(orgA)('POST', `/organizations/${orgB}/estimates/${estimateB}/generate-pdf`)).status).toBe(404)
    expect((await signedRequest(svc.base, null, 'POST', `/organizations/${orgA}/estimates/${estimateA}/generate-pdf`)).status).toBe(401)
  })
})

describe('signed download links', () => {
  let url: string
  let fileId: string
  beforeAll(async () => {
    url = (await generate(orgA, estimateA)).body.downloadUrl
    fileId = /files\/([0-9a-f-]{36})/.exec(url)![1]
  })

  it('work for a member of the same organisation only (another organisation: 404; signed out: 401)', async () => {
    expect((await download(orgA, url)).status).toBe(200)
    expect((await download(orgB, url)).status).toBe(404)
    const swapped = url.replace(`organizationId=${orgA}`, `organizationId=${orgB}`)
    expect((await download(orgB, swapped)).status).toBe(403)
    expect((await signedRequest(svc.base, null, 'GET', servicePath(url))).status).toBe(401)
  })

  it('expired: 410 with a clear message', async () => {
    const expired = downloadPath(svc.deps.env.DOCUMENT_LINK_SECRET, { fileId, orgId: orgA, expires: Math.floor(Date.now() / 1000) - 1 })
    const res = await download(orgA, expired)
    expect(res.status).toBe(410)
    expect(res.body).toMatchObject({ code: 'LINK_EXPIRED', message: 'This download link has expired. Generate the PDF again.' })
  })

  it('tampered signature, expiry or file: refused', async () => {
    const sig = /signature=([\w-]+)/.exec(url)![1]
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A')
    const bad = await download(orgA, url.replace(sig, flipped))
    expect(bad.status).toBe(403)
    expect(bad.body.message).toBe('This download link is not valid. Generate the PDF again.')
    expect((await download(orgA, url.replace(/expires=\d+/, 'expires=99999999999'))).status).toBe(403)
    expect((await download(orgA, url.replace(fileId, newEstimateId()))).status).toBe(403)
    expect((await download(orgA, url.replace(/signature=[\w-]+/, 'signature='))).status).toBe(400)
  })

  it("a validly signed link to another organisation's file is 404", async () => {
    const otherUrl = (await generate(orgB, estimateB)).body.downloadUrl
    const otherId = /files\/([0-9a-f-]{36})/.exec(otherUrl)![1]
    const forged = downloadPath(svc.deps.env.DOCUMENT_LINK_SECRET, { fileId: otherId, orgId: orgA, expires: Math.floor(Date.now() / 1000) + 60 })
    expect((await download(orgA, forged)).status).toBe(404)
  })
})

describe('PDF retention', () => {
  it('prunes PDFs older than the cut-off (row and bytes), and nothing else', async () => {
    const url = (await generate(orgA, estimateA)).body.downloadUrl
    const fileId = /files\/([0-9a-f-]{36})/.exec(url)![1]
    await svc.deps.prisma.storedFile.update({ where: { id: fileId }, data: { createdAt: new Date(Date.now() - 48 * 3_600_000) } })
    const logos = await svc.deps.prisma.storedFile.count({ where: { kind: 'logo' } })
    const removed = await pruneFiles(svc.deps.prisma, svc.deps.storage, 'pdf', new Date(Date.now() - 24 * 3_600_000))
    expect(removed).toBe(1)
    expect(await svc.deps.prisma.storedFile.findUnique({ where: { id: fileId } })).toBeNull()
    expect(await svc.deps.storage.get(fileId)).toBeNull()
    expect(await svc.deps.prisma.storedFile.count({ where: { kind: 'logo' } })).toBe(logos)
    expect(await svc.deps.prisma.storedFile.count({ where: { kind: 'pdf' } })).toBeGreaterThan(0)
    expect((await download(orgA, url)).status).toBe(404)
  })
})
