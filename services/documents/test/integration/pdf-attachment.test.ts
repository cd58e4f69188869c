import { RequestSubjects, ZEstimatePdfReply } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DocumentsTestService, newEstimateId, newOrgId, startDocumentsTestService } from '../support/documents-test-service.js'
import { makeDocument, makeSettings } from '../support/fixtures.js'
import { pngBytes } from '../support/images.js'
import { pdfText } from '../support/pdf-tools.js'

// rpc.documents.estimate-pdf.render: the PDF the mailer attaches when an estimate is sent.

let svc: DocumentsTestService
const orgId = newOrgId()
const estimateId = newEstimateId()

beforeAll(async () => {
  svc = await startDocumentsTestService()
  const doc = makeDocument({ id: estimateId, lineItems: 3 })
  doc.estimate.meetingTranscript = 'INTERNAL-TRANSCRIPT: the client might go higher.'
  doc.estimate.specialFeatures = 'INTERNAL-FEATURES-NOTE'
  svc.standIns.documents.set(`${orgId}/${estimateId}`, doc)
  svc.standIns.settings.set(orgId, makeSettings({ enableLineItems: true }))
})
afterAll(async () => {
  await svc?.close()
})

const ask = (org: string, id: string) =>
  request(svc.deps.bus, RequestSubjects.estimatePdf, { orgId: org, estimateId: id, variant: 'client' }, { schema: ZEstimatePdfReply, timeoutMs: 30_000 })

describe('PDF for a mail attachment', () => {
  it('renders the client PDF by estimate id, with nothing contractor-only in it, and counts no PDF quota', async () => {
    svc.standIns.quota.set(orgId, { allowed: false, used: 5, limit: 5 })
    const reply = await ask(orgId, estimateId)
    expect(reply.found).toBe(true)
    if (!reply.found) return
    expect(reply.filename).toBe('Smith-Roof-Replacement-estimate.pdf')
    const bytes = Buffer.from(reply.contentBase64, 'base64')
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toContain('Construction Estimate')
    expect(text).toContain('Acme Roofing Co.')
    for (const internal of ['INTERNAL-QA-MARKER', 'INTERNAL-TRANSCRIPT', 'INTERNAL-FEATURES-NOTE']) expect(text).not.toContain(internal)
  })

  it('prints the approval block on an approved estimate: signer, e-mail, time, IP, browser, the drawn signature and the full hash', async () => {
    const signedId = newEstimateId()
    const doc = makeDocument({ id: signedId, lineItems: 2 })
    doc.estimate.status = 'approved'
    const hash = 'ab12'.repeat(16)
    doc.approvalRecord = {
      id: crypto.randomUUID(),
      decision: 'approved',
      signerName: 'Ana García',
      signerEmail: 'ana@example.com',
      decidedAt: '2026-11-29T10:15:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Signing test)',
      signature: { kind: 'drawn', pngBase64: (await pngBytes(300, 90, '#111827')).toString('base64') },
      snapshotSha256: hash,
      verified: true,
    }
    svc.standIns.documents.set(`${orgId}/${signedId}`, doc)
    const reply = await request(
      svc.deps.bus,
      RequestSubjects.estimatePdf,
      { orgId, estimateId: signedId, variant: 'signed' },
      { schema: ZEstimatePdfReply, timeoutMs: 30_000 },
    )
    expect(reply.found).toBe(true)
    if (!reply.found) return
    expect(reply.filename).toBe('Smith-Roof-Replacement-estimate-signed.pdf')
    const text = pdfText(Buffer.from(reply.contentBase64, 'base64'))
    for (const expected of [
      'Client Approval',
      'Ana García',
      'ana@example.com',
      '2026-11-29 10:15:00 UTC',
      '203.0.113.7',
      'Mozilla/5.0 (Signing test)',
      'Signature (drawn)',
      hash,
    ]) {
      expect(text).toContain(expected)
    }
  })

  it("answers not found for an unknown or another organisation's estimate", async () => {
    expect(await ask(newOrgId(), estimateId)).toEqual({ found: false })
    expect(await ask(orgId, newEstimateId())).toEqual({ found: false })
  })
})
