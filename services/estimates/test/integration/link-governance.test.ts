import { SHARE_LINK_MESSAGES, SHARE_PASSCODE_HEADER } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSCODE_ATTEMPTS } from '../../src/usecases/share-governance.js'
import { newOrgId } from '../support/estimates-test-service.js'
import { type PricingTestService, sharedEstimate, startPricingService } from '../support/pricing-fixtures.js'

// PATCH …/share { expiresAt, passcode }: an expired link answers 410 (page and actions) until the
// contractor extends it; a passcode is asked before anything is shown, compared against its hash,
// with a limit on wrong tries. Time comes from a clock the test moves.

let now = new Date('2026-12-01T09:00:00.000Z')
const clock = { now: () => new Date(now) }
let svc: PricingTestService
beforeAll(async () => {
  svc = await startPricingService({}, { clock })
})
afterAll(async () => {
  await svc?.close()
})

const view = (token: string, passcode?: string) =>
  svc.publicCall('GET', token, '', undefined, { headers: passcode ? { [SHARE_PASSCODE_HEADER]: passcode } : {} })

describe('share link governance', () => {
  it('expires the link at expiresAt (410 for the page and the decision, 409 for sending) until it is extended', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api)
    const share = `/estimates/${estimate.id}/share`
    expect((await api('GET', share)).body).toMatchObject({ expiresAt: null, expired: false, passcodeSet: false })
    const inPast = await api('PATCH', share, { expiresAt: '2026-11-30T00:00:00Z' })
    expect(inPast.status).toBe(400)
    expect(inPast.body.errors).toContainEqual({ field: 'expiresAt', message: SHARE_LINK_MESSAGES.expiresInPast })
    expect((await api('PATCH', share, { expiresAt: 'tomorrow' })).status).toBe(400)
    expect((await api('PATCH', share, { expiresAt: '2026-12-02T09:00:00Z' })).body).toMatchObject({
      expiresAt: '2026-12-02T09:00:00.000Z',
      expired: false,
      passcodeSet: false,
    })
    expect((await view(token)).status).toBe(200)

    now = new Date('2026-12-02T09:00:01.000Z')
    const gone = await view(token)
    expect(gone.status).toBe(410)
    expect(gone.body).toMatchObject({ code: 'SHARE_LINK_EXPIRED', detail: SHARE_LINK_MESSAGES.expired })
    expect((await svc.publicCall('POST', token, '/approve', { signerName: 'Ana Garcia', consent: true })).status).toBe(410)
    expect((await api('GET', share)).body.expired).toBe(true)
    const send = await api('POST', `/estimates/${estimate.id}/send`, { to: ['jane@example.com'] })
    expect(send.status).toBe(409)
    expect(send.body.code).toBe('SHARE_LINK_EXPIRED')

    // Extended: the same link works again.
    expect((await api('PATCH', share, { expiresAt: '2026-12-09T09:00:00Z' })).body.expired).toBe(false)
    expect((await view(token)).status).toBe(200)
    expect((await api('PATCH', share, { expiresAt: null })).body.expiresAt).toBeNull()
  })

  it('asks the passcode before anything is shown, keeps only its hash, and limits wrong tries', async () => {
    const api = svc.as(newOrgId())
    const { estimate, token } = await sharedEstimate(api, { projectName: 'Secret Roof' })
    const share = `/estimates/${estimate.id}/share`
    expect((await api('PATCH', share, { passcode: '12' })).status).toBe(400)
    expect((await api('PATCH', share, { passcode: 'blue-roof-42' })).body.passcodeSet).toBe(true)
    const row = await svc.deps.prisma.shareLink.findFirstOrThrow({ where: { estimateId: estimate.id } })
    expect(row.passcodeHash).toMatch(/^scrypt\$/)
    expect(row.passcodeHash).not.toContain('blue-roof-42')

    const asked = await view(token)
    expect(asked.status).toBe(401)
    expect(asked.body).toMatchObject({ code: 'PASSCODE_REQUIRED', detail: SHARE_LINK_MESSAGES.passcodeRequired })
    expect(asked.text).not.toContain('Secret Roof')
    const wrong = await view(token, 'green-roof-42')
    expect(wrong.status).toBe(401)
    expect(wrong.body.code).toBe('PASSCODE_INVALID')
    expect(wrong.text).not.toContain('Secret Roof')
    // No first view is recorded by a visitor who did not get in.
    expect((await api('GET', `/estimates/${estimate.id}`)).body.viewedAt).toBeNull()
    const ok = await view(token, 'blue-roof-42')
    expect(ok.status).toBe(200)
    expect(ok.body.projectName).toBe('Secret Roof')
    // The decision needs it too.
    expect((await svc.publicCall('POST', token, '/reject', {})).status).toBe(401)

    for (let i = 1; i < PASSCODE_ATTEMPTS; i++) expect((await view(token, `wrong-${i}`)).status).toBe(401)
    const limited = await view(token, 'blue-roof-42')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('900')

    // Cleared: the page opens without one.
    await svc.deps.redis.del(`${svc.deps.env.REDIS_PREFIX}estimates:passcode:${row.id}`)
    expect((await api('PATCH', share, { passcode: null })).body.passcodeSet).toBe(false)
    expect((await view(token)).status).toBe(200)
  })

  it('answers 404 while sharing is off', async () => {
    const api = svc.as(newOrgId())
    const { estimate } = await sharedEstimate(api)
    await api('DELETE', `/estimates/${estimate.id}/share`)
    expect((await api('GET', `/estimates/${estimate.id}/share`)).status).toBe(404)
    expect((await api('PATCH', `/estimates/${estimate.id}/share`, { passcode: 'abcd' })).status).toBe(404)
  })
})
