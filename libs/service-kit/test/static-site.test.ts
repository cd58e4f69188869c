import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http, { type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { staticSite } from '@plumbline/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../../frontends/precompress.js'

// A built front end as the build leaves it (frontends/precompress.ts writes the .gz variants),
// served by staticSite as the gateway serves the shell and the stack serves the remotes.

const bundle = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "line item ${i}" }`).join(', ')}]\n`
const entry = `window.remote = ${JSON.stringify({ exposes: Array.from({ length: 150 }, (_, i) => `./Module${i}`) })}\n`
let dir: string
let server: Server
let base: string

const SHELL = 'http://localhost:3000'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-site-'))
  mkdirSync(join(dir, 'static', 'js'), { recursive: true })
  writeFileSync(join(dir, 'static', 'js', 'index.abc123.js'), bundle)
  writeFileSync(join(dir, 'static', 'js', 'tiny.abc123.js'), 'export {}\n')
  writeFileSync(join(dir, 'static', 'js', 'noise.abc123.js'), randomBytes(4096)) // incompressible
  writeFileSync(join(dir, 'logo.png'), randomBytes(4096))
  writeFileSync(join(dir, 'remoteEntry.js'), entry)
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>')
  precompressDir(dir)
  server = staticSite(dir, { spaFallback: true, cors: [SHELL] }).listen(0)
  await new Promise((r) => server.once('listening', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** node's client: unlike fetch it neither asks for nor undoes compression by itself. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('precompressed front-end assets', () => {
  it('are written at build time only where gzip pays: text of 1 KB and more that shrinks by a tenth', () => {
    expect(existsSync(join(dir, 'static', 'js', 'index.abc123.js.gz'))).toBe(true)
    expect(existsSync(join(dir, 'remoteEntry.js.gz'))).toBe(true)
    expect(existsSync(join(dir, 'static', 'js', 'tiny.abc123.js.gz'))).toBe(false)
    expect(existsSync(join(dir, 'static', 'js', 'noise.abc123.js.gz'))).toBe(false)
    expect(existsSync(join(dir, 'logo.png.gz'))).toBe(false)
  })

  it('are sent to a client that accepts gzip, typed as the original and cached as before', async () => {
    const res = await get('/static/js/index.abc123.js', { 'accept-encoding': 'gzip, deflate, br', origin: SHELL })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/)
    expect(res.headers.vary).toBe('Origin, Accept-Encoding')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['access-control-allow-origin']).toBe(SHELL)
    expect(res.body.length).toBeLessThan(Buffer.byteLength(bundle) / 3)
    expect(gunzipSync(res.body).toString()).toBe(bundle)
  })

  it('keep the no-cache rule of the files that name the current build', async () => {
    const res = await get('/remoteEntry.js', { 'accept-encoding': 'gzip' })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(gunzipSync(res.body).toString()).toBe(entry)
  })

  it('are not sent to a client that does not accept gzip (or refuses it by q=0); both answers vary by it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, identity' }] as Record<string, string>[]) {
      const res = await get('/static/js/index.abc123.js?v=2', headers)
      expect(res.status).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers.vary).toBe('Origin, Accept-Encoding')
      expect(res.body.toString()).toBe(bundle)
    }
  })

  it('leave files without a variant, HEAD and the app-route fallback as they were', async () => {
    const tiny = await get('/static/js/tiny.abc123.js', { 'accept-encoding': 'gzip' })
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body.toString()).toBe('export {}\n')
    const head = await get('/static/js/index.abc123.js', { 'accept-encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(head.body.length).toBe(0)
    const page = await get('/estimates/123', { 'accept-encoding': 'gzip' })
    expect(page.status).toBe(200)
    expect(page.body.toString()).toContain('<title>t</title>')
  })
})

describe('cross-origin reads', () => {
  it('are allowed to the shell origin alone, never to every origin', async () => {
    const shell = await get('/remoteEntry.js', { origin: SHELL })
    expect(shell.headers['access-control-allow-origin']).toBe(SHELL)
    for (const origin of ['http://evil.example', 'null']) {
      const other = await get('/remoteEntry.js', { origin })
      expect(other.status).toBe(200)
      expect(other.headers['access-control-allow-origin']).toBeUndefined()
    }
    expect((await get('/static/js/tiny.abc123.js')).headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('the previous release', () => {
  it('keeps its hashed assets reachable, never its index or manifest; a missing asset is a 404, not the page', async () => {
    const old = mkdtempSync(join(tmpdir(), 'static-site-old-'))
    mkdirSync(join(old, 'static', 'js'), { recursive: true })
    writeFileSync(join(old, 'static', 'js', 'screen.0ld0ld00.js'), bundle)
    writeFileSync(join(old, 'remoteEntry.js'), 'window.old = true\n')
    writeFileSync(join(old, 'index.html'), '<!doctype html><title>old</title>')
    precompressDir(old)
    const site = staticSite(dir, { spaFallback: true, cors: false, previous: [old] }).listen(0)
    await new Promise((r) => site.once('listening', r))
    const at = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
    try {
      const asset = await fetch(`${at}/static/js/screen.0ld0ld00.js`)
      expect(asset.status).toBe(200)
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await asset.text()).toBe(bundle)
      expect(await (await fetch(`${at}/remoteEntry.js`)).text()).toBe(entry)
      expect(await (await fetch(`${at}/`)).text()).toContain('<title>t</title>')
      expect((await fetch(`${at}/static/js/gone.12345678.js`)).status).toBe(404)
    } finally {
      site.close()
      rmSync(old, { recursive: true, force: true })
    }
  })
})
