import { TEXT_MESSAGES, ZEstimate } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, estimatePayload, newOrgId } from '../support/estimates-test-service.js'
import { type PricingTestService, sharedEstimate, startPricingService } from '../support/pricing-fixtures.js'

// Text as the probe of 2026-11-29 sent it: a lone surrogate in projectName or clientName of a
// create answered 500 (finding 4; the idempotency store could not write it as JSON) and was
// stored as U+FFFD by an update; a signer name with a right-to-left override was accepted and
// shown back as the signer (finding 7). Both answer 400 naming the field now.

let svc: PricingTestService

beforeAll(async () => {
  svc = await startPricingService()
})
afterAll(async () => {
  await svc?.close()
})

describe('text fields of estimates', () => {
  it.each(['projectName', 'clientName'])('refuses a lone surrogate in %s on create (with and without an Idempotency-Key) and on update', async (field) => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const existing = await createEstimate(api)
    for (const value of ['\ud800', 'Roof \udfff repair', '\ude00\ud83d']) {
      for (const headers of [undefined, { 'Idempotency-Key': `key-${field}-${value.length}` }]) {
        const res = await api('POST', '/estimates', estimatePayload({ [field]: value }), headers)
        expect(res.status).toBe(400)
        expect(res.body.errors).toEqual([{ field, message: TEXT_MESSAGES.surrogate }])
      }
      const update = await api('PUT', `/estimates/${existing.id}`, estimatePayload({ [field]: value }))
      expect(update.status).toBe(400)
      expect(update.body.errors).toEqual([{ field, message: TEXT_MESSAGES.surrogate }])
    }
    // A surrogate pair is one character: an emoji is fine.
    const emoji = await api('POST', '/estimates', estimatePayload({ [field]: 'Roof 🏠' }))
    expect(emoji.status).toBe(201)
    expect(ZEstimate.parse(emoji.body)[field as 'projectName']).toBe('Roof 🏠')
    expect(ZEstimate.parse((await api('GET', `/estimates/${existing.id}`)).body)[field as 'projectName']).not.toContain('\ufffd')
  })

  it('refuses invisible formatting characters in project and client names, not in the notes', async () => {
    const api = svc.as(newOrgId())
    for (const value of ['\u202eevil\u202c Roof', 'Roof\u200b', '\u2067Roof\u2069', 'Ro\ufeffof']) {
      for (const field of ['projectName', 'clientName']) {
        const res = await api('POST', '/estimates', estimatePayload({ [field]: value }))
        expect(res.status).toBe(400)
        expect(res.body.errors).toEqual([{ field, message: TEXT_MESSAGES.formatControl }])
      }
    }
    // Joiners that scripts need (Persian ZWNJ, emoji ZWJ) stay allowed in names.
    expect((await api('POST', '/estimates', estimatePayload({ clientName: 'می‌خواهم', projectName: 'Crew 👩‍🔧' }))).status).toBe(201)
    expect((await api('POST', '/estimates', estimatePayload({ specialFeatures: 'Mixed \u202bRTL\u202c note' }))).status).toBe(201)
  })
})

describe('the signer name of a client approval', () => {
  it('refuses bidi and other formatting characters with 400 naming signerName; a plain name signs', async () => {
    const api = svc.as(newOrgId())
    const { token } = await sharedEstimate(api)
    for (const signerName of ['\u202eevil\u202c Name', 'Ana\u200f Garcia', '\u2066Ana Garcia\u2069', 'Ana\u00adGarcia']) {
      const res = await svc.publicCall('POST', token, '/approve', { signerName, consent: true })
      expect(res.status).toBe(400)
      expect(res.body.errors).toEqual([{ field: 'signerName', message: TEXT_MESSAGES.formatControl }])
    }
    const lone = await svc.publicCall('POST', token, '/approve', { signerName: 'Ana \ud800', consent: true })
    expect(lone.body.errors).toEqual([{ field: 'signerName', message: TEXT_MESSAGES.surrogate }])
    const signed = await svc.publicCall('POST', token, '/approve', { signerName: 'Ana García', consent: true })
    expect(signed.status).toBe(200)
    expect(signed.body.approval.signerName).toBe('Ana García')
  })
})
