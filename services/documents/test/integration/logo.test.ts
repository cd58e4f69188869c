import http from 'node:http'
import type { Socket } from 'node:net'
import { LOGO_MAX_BYTES, LogoMessages, SYSTEM_ROLE_PERMISSIONS } from '@plumbline/contracts'
import { claimsFor, identityHeaders, signedRequest } from '@plumbline/testing'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DocumentsTestService, logoForm, newOrgId, startDocumentsTestService } from '../support/documents-test-service.js'
import { GIF_WITH_SCRIPT, HTML_BYTES, jpegBytes, PDF_BYTES, pngBytes, pngHeaderOnly, SVG_BYTES } from '../support/images.js'

let svc: DocumentsTestService

beforeAll(async () => {
  svc = await startDocumentsTestService()
})
afterAll(async () => {
  await svc?.close()
})

const upload = (orgId: string, body: FormData | string | Buffer, headers: Record<string, string> = {}) =>
  svc.as(orgId)('POST', `/organizations/${orgId}/company-settings/logo`, { body: body as never, headers })
const view = (orgId: string, asOrg = orgId) => svc.as(asOrg)('GET', `/organizations/${orgId}/company-settings/logo/view`)
const logoCount = (orgId: string) => svc.deps.prisma.storedFile.count({ where: { organizationId: orgId, kind: 'logo' } })

describe('logo upload', () => {
  it('stores a PNG re-encoded (≤ 1200 px, no metadata), tells admin its fields and serves it safely', async () => {
    const org = newOrgId()
    const original = await sharp({ create: { width: 2400, height: 800, channels: 4, background: '#1e3a8a' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'SECRET-EXIF' } } })
      .toBuffer()
    const res = await upload(org, logoForm(original, 'My Company Logo.png', 'image/png'))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ logoFileName: 'My-Company-Logo.png', logoMimeType: 'image/png', logoFileSize: expect.any(Number) })
    expect(svc.standIns.logoCalls.at(-1)).toEqual({ orgId: org, logo: { fileName: 'My-Company-Logo.png', mimeType: 'image/png', size: res.body.logoFileSize } })

    const shown = await view(org)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/png')
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff')
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; filename="My-Company-Logo\.png"/)
    expect(shown.headers.get('cache-control')).toContain('private')
    expect(shown.bytes.length).toBe(res.body.logoFileSize)
    const meta = await sharp(shown.bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 400])
    expect(meta.exif).toBeUndefined()
    expect(shown.bytes.includes('SECRET-EXIF')).toBe(false)

    const again = await svc.as(org)('GET', `/organizations/${org}/company-settings/logo/view`, { headers: { 'if-none-match': shown.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  it('judges by magic bytes only: a PNG named .pdf and sent as application/pdf is a PNG', async () => {
    const org = newOrgId()
    const res = await upload(org, logoForm(await pngBytes(), 'brochure.pdf', 'application/pdf'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ logoFileName: 'brochure.png', logoMimeType: 'image/png' })
  })

  it('accepts a JPEG and replaces the previous logo', async () => {
    const org = newOrgId()
    expect((await upload(org, logoForm(await pngBytes(), 'a.png', 'image/png'))).status).toBe(200)
    const res = await upload(org, logoForm(await jpegBytes(), 'photo.jpeg', 'image/jpeg'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ logoFileName: 'photo.jpg', logoMimeType: 'image/jpeg' })
    expect(await logoCount(org)).toBe(1)
    expect((await view(org)).headers.get('content-type')).toBe('image/jpeg')
  })

  it.each([
    ['a PDF renamed .png', PDF_BYTES, 'logo.png', 'image/png'],
    ['HTML sent as image/png', HTML_BYTES, 'logo.png', 'image/png'],
    ['an SVG with a script', SVG_BYTES, 'logo.svg', 'image/svg+xml'],
    ['a GIF with a script tail', GIF_WITH_SCRIPT, 'logo.png', 'image/png'],
  ])('refuses %s: 400 with the spec message, nothing stored', async (_name, bytes, fileName, type) => {
    const org = newOrgId()
    const res = await upload(org, logoForm(bytes, fileName, type))
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'INVALID_LOGO', message: LogoMessages.invalidType })
    expect(await logoCount(org)).toBe(0)
  })

  it('refuses a PNG whose header claims 20000×20000 pixels before decoding it', async () => {
    const org = newOrgId()
    const started = performance.now()
    const res = await upload(org, logoForm(pngHeaderOnly(20_000, 20_000), 'huge.png', 'image/png'))
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^Image dimensions are too large/)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(await logoCount(org)).toBe(0)
  })

  it('refuses 10 MB + 1 byte with 413 and the spec message', async () => {
    const org = newOrgId()
    const big = Buffer.alloc(LOGO_MAX_BYTES + 1, 0)
    ;(await pngBytes()).copy(big)
    const res = await upload(org, logoForm(big, 'big.png', 'image/png'))
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({ message: LogoMessages.tooLarge })
    expect(await logoCount(org)).toBe(0)
  })

  it('stops reading an oversized streamed upload early (no Content-Length, 40 MB offered)', async () => {
    const org = newOrgId()
    const boundary = 'x-boundary-123'
    const total = 40 * 1024 * 1024
    const headers = { ...(await identityHeaders(claimsFor(org))), 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' }
    const url = new URL(`${svc.base}/organizations/${org}/company-settings/logo`)
    const sockets: Socket[] = []
    const onConnection = (s: Socket) => sockets.push(s)
    svc.server.on('connection', onConnection)
    // The server answers 413 with Connection: close the moment the cap is passed and stops
    // reading; a client still sending may then see the reset before it reads the answer.
    const outcome = await new Promise<{ status?: number; body?: string; error?: string; written: number }>((resolve) => {
      let written = 0
      let stopped = false
      const req = http.request(url, { method: 'POST', headers })
      req.on('response', (res) => {
        stopped = true
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode, body, written }))
      })
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (stopped) return
        stopped = true
        resolve({ error: err.code, written })
      })
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`)
      const chunk = Buffer.alloc(256 * 1024, 1)
      const pump = () => {
        while (!stopped && written < total) {
          written += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        if (!stopped) req.end(`\r\n--${boundary}--\r\n`)
      }
      pump()
    })
    svc.server.off('connection', onConnection)
    if (outcome.status !== undefined) {
      expect(outcome.status).toBe(413)
      expect(JSON.parse(outcome.body!).message).toBe(LogoMessages.tooLarge)
    } else expect(['EPIPE', 'ECONNRESET']).toContain(outcome.error)
    // The server read little more than the cap of the 40 MB offered.
    const read = sockets.reduce((sum, s) => sum + s.bytesRead, 0)
    expect(read).toBeGreaterThan(LOGO_MAX_BYTES)
    expect(read).toBeLessThan(LOGO_MAX_BYTES + 8 * 1024 * 1024)
    expect(await logoCount(org)).toBe(0)
  })

  it('answers 400 when the form has no logo file or the body is not multipart', async () => {
    const org = newOrgId()
    const wrongField = await upload(org, logoForm(await pngBytes(), 'a.png', 'image/png', 'file'))
    expect(wrongField.status).toBe(400)
    expect(wrongField.body.errors[0].field).toBe('logo')
    expect((await upload(org, JSON.stringify({ logo: 'x' }), { 'content-type': 'application/json' })).status).toBe(400)
    expect((await upload(org, '--broken\r\n', { 'content-type': 'multipart/form-data; boundary=broken' })).status).toBe(400)
    expect((await upload(org, 'x', { 'content-type': 'multipart/form-data' })).status).toBe(400)
  })

  it('keeps the previous logo and answers 503 when admin does not accept the new one', async () => {
    const org = newOrgId()
    expect((await upload(org, logoForm(await pngBytes(100, 50), 'first.png', 'image/png'))).status).toBe(200)
    svc.standIns.logoReplyOk = false
    try {
      const res = await upload(org, logoForm(await jpegBytes(), 'second.jpg', 'image/jpeg'))
      expect(res.status).toBe(503)
      expect(res.body.message).toBe('Failed to upload logo')
    } finally {
      svc.standIns.logoReplyOk = true
    }
    expect(await logoCount(org)).toBe(1)
    expect((await view(org)).headers.get('content-type')).toBe('image/png')
  })

  it('serves the logo without sign-in at /public/logos/{orgId} for the share page, 404 when there is none', async () => {
    const org = newOrgId()
    expect((await signedRequest(svc.base, null, 'GET', `/public/logos/${org}`)).status).toBe(404)
    const stored = await upload(org, logoForm(await pngBytes(), 'logo.png', 'image/png'))
    const shown = await signedRequest(svc.base, null, 'GET', `/public/logos/${org}`)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/png')
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff')
    expect(shown.headers.get('cache-control')).toContain('public')
    expect(shown.bytes.length).toBe(stored.body.logoFileSize)
    expect((await signedRequest(svc.base, null, 'GET', `/public/logos/${'x'.repeat(500)}`)).status).toBe(400)
  })

  it('DELETE clears the logo and tells admin logo:null; view is then 404', async () => {
    const org = newOrgId()
    expect((await upload(org, logoForm(await pngBytes(), 'a.png', 'image/png'))).status).toBe(200)
    const res = await svc.as(org)('DELETE', `/organizations/${org}/company-settings/logo`)
    expect(res.status).toBe(204)
    expect(svc.standIns.logoCalls.at(-1)).toEqual({ orgId: org, logo: null })
    expect((await view(org)).status).toBe(404)
    expect(await logoCount(org)).toBe(0)
  })

  it('another organisation cannot see, replace or delete the logo (404); roles without team edit get 403', async () => {
    const victim = newOrgId()
    const attacker = newOrgId()
    expect((await upload(victim, logoForm(await pngBytes(), 'v.png', 'image/png'))).status).toBe(200)
    expect((await view(victim, attacker)).status).toBe(404)
    expect((await view(attacker)).status).toBe(404)
    expect(
      (await svc.as(attacker)('POST', `/organizations/${victim}/company-settings/logo`, { body: logoForm(await pngBytes(), 'x.png', 'image/png') })).status,
    ).toBe(404)
    expect((await svc.as(attacker)('DELETE', `/organizations/${victim}/company-settings/logo`)).status).toBe(404)
    expect(await logoCount(victim)).toBe(1)
    const member = svc.as(victim, { permissions: SYSTEM_ROLE_PERMISSIONS.Member })
    expect((await member('POST', `/organizations/${victim}/company-settings/logo`, { body: logoForm(await pngBytes(), 'x.png', 'image/png') })).status).toBe(
      403,
    )
    expect((await member('DELETE', `/organizations/${victim}/company-settings/logo`)).status).toBe(403)
    expect((await member('GET', `/organizations/${victim}/company-settings/logo/view`)).status).toBe(200)
  })
})
