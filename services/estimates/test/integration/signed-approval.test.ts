import { MailSubjects, SIGNATURE_MESSAGES, ZApprovalRecord, ZEstimateDocumentReply, ZMailRequestedV1 } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEstimateDocument } from '../../src/usecases/load-estimate-document.js'
import { canonicalJson, sha256Hex } from '../../src/usecases/public-snapshot.js'
import { newOrgId } from '../support/estimates-test-service.js'
import { type PricingTestService, sharedEstimate, startPricingService } from '../support/pricing-fixtures.js'

// The signed approval record: name, e-mail, time, IP, user agent, the drawn signature and the
// sha256 of the exact snapshot approved; the client's signed copy by e-mail.

let svc: PricingTestService
beforeAll(async () => {
  svc = await startPricingService()
})
afterAll(async () => {
  await svc?.close()
})

/** A real 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
const pngOf = (bytes: number) => Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(bytes)]).toString('base64')

const approve = (token: string, body: Record<string, unknown>) =>
  svc.publicCall('POST', token, '/approve', { signerName: 'Ana Garcia', consent: true, ...body }, { headers: { 'user-agent': 'Mozilla/5.0 (Signing test)' } })

describe('the signed approval', () => {
  it('refuses a signature that is not a PNG or is over 200 kB, naming the field', async () => {
    const { token } = await sharedEstimate(svc.as(newOrgId()))
    for (const [signaturePng, message] of [
      [Buffer.from('GIF89a not a png at all').toString('base64'), SIGNATURE_MESSAGES.notPng],
      ['%%%not-base64%%%', SIGNATURE_MESSAGES.notPng],
      [pngOf(200 * 1024), SIGNATURE_MESSAGES.tooLarge],
    ]) {
      const res = await approve(token, { signaturePng })
      expect(res.status).toBe(400)
      expect(res.body.errors).toContainEqual({ field: 'signaturePng', message })
    }
    expect((await approve(token, { signaturePng: pngOf(200 * 1024 - 200) })).status).toBe(200)
  })

  it('keeps name, e-mail, time, IP, user agent, signature and the snapshot hash, which verifies; mails the signed copy', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const { estimate, token } = await sharedEstimate(api, { clientEmail: 'jane@example.com' })
    const res = await approve(token, { signerEmail: 'Ana@Example.com', signaturePng: `data:image/png;base64,${PNG}` })
    expect(res.status).toBe(200)

    const record = ZApprovalRecord.parse((await api('GET', `/estimates/${estimate.id}/approval`)).body)
    expect(record).toMatchObject({
      signerName: 'Ana Garcia',
      signerEmail: 'ana@example.com',
      userAgent: 'Mozilla/5.0 (Signing test)',
      signature: { kind: 'drawn', pngBase64: PNG },
      snapshotSha256: res.body.snapshotSha256,
      verified: true,
    })
    expect(record.ip).toMatch(/127\.0\.0\.1|::1/)
    // Anyone can check the hash: sha256 of the snapshot's canonical JSON.
    expect(sha256Hex(canonicalJson(record.snapshot))).toBe(record.snapshotSha256)

    // The signed copy goes to the signer's e-mail (given), with the PDF the documents service renders.
    const mails = (await svc.deps.prisma.outboxEvent.findMany({ where: { subject: MailSubjects.estimates } }))
      .map((r) => r.payload as { orgId: string; data: unknown })
      .filter((p) => p.orgId === orgId)
      .map((p) => ZMailRequestedV1.parse(p.data))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ tag: 'estimate-signed-copy', to: ['ana@example.com'], attachments: [{ estimateId: estimate.id, variant: 'signed' }] })
    expect(mails[0]!.details).toContainEqual({ label: 'Snapshot SHA-256', value: record.snapshotSha256 })

    // The document the PDF is rendered from carries the record (not its snapshot).
    const doc = ZEstimateDocumentReply.parse(await loadEstimateDocument(svc.deps, orgId, estimate.id))
    expect(doc.found && doc.document.approvalRecord).toMatchObject({ signerName: 'Ana Garcia', snapshotSha256: record.snapshotSha256 })

    // The timeline says who approved.
    const timeline = (await api('GET', `/estimates/${estimate.id}/timeline`)).body
    expect(timeline[0]).toMatchObject({ kind: 'approved', summary: 'Approved by Ana Garcia' })
  })

  it('uses the typed name as the signature when none is drawn; no approval record before approval or after a reopen', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api, { clientEmail: null })
    expect((await api('GET', `/estimates/${estimate.id}/approval`)).status).toBe(404)
    expect((await approve(token, {})).status).toBe(200)
    const record = (await api('GET', `/estimates/${estimate.id}/approval`)).body
    expect(record.signature).toEqual({ kind: 'typed', pngBase64: null })
    expect(record.signerEmail).toBeNull()
    expect((await api('POST', `/estimates/${estimate.id}/reopen`)).status).toBe(200)
    expect((await api('GET', `/estimates/${estimate.id}/approval`)).status).toBe(404)
  })
})
