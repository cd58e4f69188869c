import { RequestSubjects, ZFetchLogoUrlReply } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import { claimsFor, signedRequest } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentsDeps } from '../../src/deps.js'
import { FetchMessages, safeFetch } from '../../src/net/safe-fetch.js'
import { fetchLogoUrl, URL_NOT_IMAGE } from '../../src/usecases/fetch-logo-url.js'
import { type DocumentsTestService, newEstimateId, newOrgId, startDocumentsTestService } from '../support/documents-test-service.js'
import { makeDocument, makeSettings } from '../support/fixtures.js'
import { type LocalHttps, startHttpsServer, TEST_CERT } from '../support/https-server.js'
import { HTML_BYTES, pngBytes } from '../support/images.js'

// The responder runs with the real address policy: every refusal below goes through NATS as
// admin's call would. A success needs an https server at a public address, which a test cannot
// have; those cases call the same use case with a policy that allows 127.0.0.1 only (so a
// redirect to any other address is still refused) and the test certificate as an extra CA.

let svc: DocumentsTestService
let server: LocalHttps
let png: Buffer
let testDeps: DocumentsDeps
const onlyLoopback = (ip: string) => ip === '127.0.0.1'

beforeAll(async () => {
  svc = await startDocumentsTestService()
  png = await pngBytes(800, 300, '#0f5132')
  server = await startHttpsServer((req, res) => {
    const url = new URL(req.url ?? '/', 'https://x')
    const hop = Number(url.searchParams.get('hop') ?? 0)
    switch (url.pathname) {
      case '/logo.png':
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(png)
      case '/page.html':
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(HTML_BYTES)
      case '/missing':
        return void res.writeHead(404).end('nope')
      case '/hang':
        return // never answers
      case '/huge': {
        res.writeHead(200, { 'content-type': 'image/png' })
        const chunk = Buffer.alloc(1024 * 1024, 7)
        for (let i = 0; i < 11; i++) res.write(chunk)
        return void res.end()
      }
      case '/to-metadata':
        return void res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' }).end()
      case '/to-other-loopback':
        return void res.writeHead(302, { location: `https://127.0.0.2:${server.port}/logo.png` }).end()
      case '/to-ula':
        return void res.writeHead(307, { location: 'https://[fd00::1]/logo.png' }).end()
      case '/to-http':
        return void res.writeHead(301, { location: `http://127.0.0.1:${server.port}/logo.png` }).end()
      case '/chain':
        return void res
          .writeHead(302, {
            location: hop >= Number(url.searchParams.get('until')) ? '/logo.png' : `/chain?hop=${hop + 1}&until=${url.searchParams.get('until')}`,
          })
          .end()
      default:
        return void res.writeHead(404).end()
    }
  })
  testDeps = { ...svc.deps, logoFetch: { allowAddress: onlyLoopback, ca: TEST_CERT }, env: { ...svc.deps.env, LOGO_FETCH_TIMEOUT_MS: 5000 } }
})
afterAll(async () => {
  await server?.close()
  await svc?.close()
})

const ask = (orgId: string, url: string) => request(svc.deps.bus, RequestSubjects.fetchLogoUrl, { orgId, url }, { schema: ZFetchLogoUrlReply, timeoutMs: 8000 })

describe('logo URL responder (real address policy, over NATS)', () => {
  it.each([
    ['http://example.com/logo.png', FetchMessages.httpsOnly],
    ['file:///etc/passwd', FetchMessages.httpsOnly],
    ['https://127.0.0.1/logo.png', FetchMessages.privateAddress],
    ['https://169.254.169.254/latest/meta-data/', FetchMessages.privateAddress],
    ['https://[::1]/', FetchMessages.privateAddress],
    ['https://0x7f.1/', FetchMessages.privateAddress],
    ['https://2130706433/', FetchMessages.privateAddress],
    ['https://[::ffff:127.0.0.1]/', FetchMessages.privateAddress],
    ['https://10.1.2.3/logo.png', FetchMessages.privateAddress],
    ['https://100.64.0.1/logo.png', FetchMessages.privateAddress],
    ['https://localhost/logo.png', FetchMessages.privateAddress],
    ['not a url', FetchMessages.invalidUrl],
  ])('refuses %s', async (url, message) => {
    expect(await ask(newOrgId(), url)).toEqual({ ok: false, message })
  })

  it('never connects to the local test server under the real policy', async () => {
    const before = server.hits.length
    expect(await ask(newOrgId(), `${server.origin}/logo.png`)).toEqual({ ok: false, message: FetchMessages.privateAddress })
    expect(server.hits.length).toBe(before)
  })

  it('answers a validation error for a malformed request', async () => {
    await expect(request(svc.deps.bus, RequestSubjects.fetchLogoUrl, { orgId: 'x' }, { schema: ZFetchLogoUrlReply, timeoutMs: 5000 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
  })
})

describe('logo URL fetch (policy allowing 127.0.0.1 only)', () => {
  it('stores a re-encoded copy that the PDF then uses', async () => {
    const org = newOrgId()
    const url = `${server.origin}/logo.png`
    expect(await fetchLogoUrl(testDeps, { orgId: org, url })).toEqual({ ok: true })
    const stored = await svc.deps.prisma.storedFile.findMany({ where: { organizationId: org, kind: 'logo_url' } })
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ name: url, mimeType: 'image/png' })

    const id = newEstimateId()
    svc.standIns.documents.set(`${org}/${id}`, makeDocument({ id }))
    svc.standIns.settings.set(org, makeSettings({ logoUrl: url, logoFileData: false }))
    const res = await signedRequest(svc.base, claimsFor(org), 'POST', `/organizations/${org}/estimates/${id}/generate-pdf`)
    const pdf = await signedRequest(svc.base, claimsFor(org), 'GET', res.body.downloadUrl.replace(/^\/api/, ''))
    expect(pdf.bytes.includes('/Subtype /Image')).toBe(true)

    // A different URL in the settings: the old copy is not used.
    svc.standIns.settings.set(org, makeSettings({ logoUrl: `${server.origin}/other.png`, logoFileData: false }))
    const res2 = await signedRequest(svc.base, claimsFor(org), 'POST', `/organizations/${org}/estimates/${id}/generate-pdf`)
    const pdf2 = await signedRequest(svc.base, claimsFor(org), 'GET', res2.body.downloadUrl.replace(/^\/api/, ''))
    expect(pdf2.bytes.includes('/Subtype /Image')).toBe(false)
  })

  it('connects to the vetted address with SNI and Host of the name, resolving it once', async () => {
    let resolutions = 0
    const resolve = async () => {
      resolutions++
      return [{ address: '127.0.0.1', family: 4 }]
    }
    const before = server.hits.length
    const body = await safeFetch(`https://logo.test:${server.port}/logo.png`, { allowAddress: onlyLoopback, ca: TEST_CERT, resolve })
    expect(body.equals(png)).toBe(true)
    expect(resolutions).toBe(1)
    expect(server.hits.slice(before)).toEqual([`logo.test:${server.port} /logo.png`])
  })

  it('follows up to 3 redirects, re-checking each', async () => {
    expect(await fetchLogoUrl(testDeps, { orgId: newOrgId(), url: `${server.origin}/chain?hop=1&until=3` })).toEqual({ ok: true })
    const before = server.hits.length
    expect(await fetchLogoUrl(testDeps, { orgId: newOrgId(), url: `${server.origin}/chain?hop=1&until=9` })).toEqual({
      ok: false,
      message: FetchMessages.tooManyRedirects,
    })
    expect(server.hits.length - before).toBe(4)
  })

  it.each([
    ['/to-metadata', FetchMessages.privateAddress],
    ['/to-other-loopback', FetchMessages.privateAddress],
    ['/to-ula', FetchMessages.privateAddress],
    ['/to-http', FetchMessages.httpsOnly],
    ['/page.html', URL_NOT_IMAGE],
    ['/missing', 'Logo URL answered HTTP 404'],
    ['/huge', FetchMessages.tooLarge],
    ['/hang', FetchMessages.timeout],
  ])('refuses %s', async (path, message) => {
    const org = newOrgId()
    // A short budget for the server that never answers; the real 5 s elsewhere (a loaded CI machine needs it).
    const deps = path === '/hang' ? { ...testDeps, env: { ...testDeps.env, LOGO_FETCH_TIMEOUT_MS: 700 } } : testDeps
    expect(await fetchLogoUrl(deps, { orgId: org, url: `${server.origin}${path}` })).toEqual({ ok: false, message })
    expect(await svc.deps.prisma.storedFile.count({ where: { organizationId: org } })).toBe(0)
  })

  it('refuses a certificate it does not trust', async () => {
    const res = await fetchLogoUrl({ ...testDeps, logoFetch: { allowAddress: onlyLoopback } }, { orgId: newOrgId(), url: `${server.origin}/logo.png` })
    // one clear message, not the socket's error (a port-probe oracle)
    expect(res).toEqual({ ok: false, message: FetchMessages.unreachable })
  })
})
