// Open tabs survive a deploy: a page loaded from release A, whose server then serves release B,
// still opens a screen it had not loaded yet. The built shell is release A; release B is the same
// build with every content hash changed (so none of A's chunk names exists in B), as a new
// release would be. Served as the gateway serves the shell (service-kit's staticSite), with a
// stand-in for the two API answers a signed-out landing page asks for.
// - B keeping A's assets (`previous`, what the gateway and remote images do): the screen opens at once;
// - B without them (a rollout sending the page to a new replica that lost them): the page reloads
//   once, onto release B, and the screen opens; no error either way.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { staticSite } from '@plumbline/service-kit'
import express, { type Express } from 'express'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshot } from '../../src/browser.ts'
import { root } from './manifests.ts'

const releaseA = join(root, 'frontends', 'shell', 'dist')
const work = mkdtempSync(join(tmpdir(), 'plumbline-releases-'))
const releaseB = join(work, 'b')
let browser: Browser
let server: Server
let base = ''
let serving: Express

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))

/** Release B: A's build with every content hash replaced, in file names and in every reference to them. */
function makeReleaseB(): void {
  cpSync(releaseA, releaseB, { recursive: true })
  for (const f of files(releaseB)) if (f.endsWith('.gz')) rmSync(f)
  const hashes = new Map<string, string>()
  for (const f of files(join(releaseB, 'static'))) {
    const match = /\.([0-9a-f]{8,})\.[a-z0-9]+(\.LICENSE\.txt)?$/.exec(f)
    if (!match?.[1]) continue
    const old = match[1]
    const fresh = hashes.get(old) ?? [...old].map((c) => ((Number.parseInt(c, 16) + 7) % 16).toString(16)).join('')
    hashes.set(old, fresh)
    renameSync(f, f.replace(`.${old}.`, `.${fresh}.`))
  }
  expect(hashes.size).toBeGreaterThan(5)
  for (const f of files(releaseB)) {
    if (!/\.(js|css|html|json|txt)$/.test(f)) continue
    let text = readFileSync(f, 'utf8')
    for (const [old, fresh] of hashes) text = text.replaceAll(old, fresh)
    writeFileSync(f, text)
  }
}

/** Which release the server answers with now (the page in the browser does not know). */
function serve(release: string, previous: string[] = []) {
  serving = staticSite(release, { spaFallback: true, cors: false, previous })
}

beforeAll(async () => {
  if (!existsSync(join(releaseA, 'index.html')) || !statSync(join(releaseA, 'static')).isDirectory())
    throw new Error('frontends/shell is not built: npm run build:frontends')
  makeReleaseB()
  const app = express()
  // What a signed-out landing page asks the gateway: nobody is signed in, and no remote is needed.
  app.get('/api/user', (_req, res) => void res.status(401).json({ status: 401, code: 'UNAUTHORIZED', title: 'Unauthorized' }))
  app.get('/remotes.json', (_req, res) => void res.json({}))
  app.use((req, res, next) => serving(req, res, next))
  serve(releaseA)
  server = app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  server?.close()
  rmSync(work, { recursive: true, force: true })
})

/** A tab on release A's landing page, marked so that a reload shows (the mark is gone after one). */
async function tabOnReleaseA(): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  serve(releaseA)
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto('/')
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor({ timeout: 15_000 })
  await page.evaluate('window.__openedOnA = true')
  return { page, errors, close: () => context.close() }
}

const signInForm = (page: Page) => page.getByLabel('Password', { exact: true }).waitFor({ timeout: 15_000 })
const stillTheSamePage = (page: Page) => page.evaluate('window.__openedOnA === true')

describe('a tab opened before a deploy', () => {
  it('opens a screen it had not loaded yet from the new release that keeps the previous one’s assets', { timeout: 20_000 }, async () => {
    const tab = await tabOnReleaseA()
    serve(releaseB, [releaseA])
    await tab.page.getByRole('link', { name: 'Sign In' }).first().click()
    await signInForm(tab.page)
    expect(await stillTheSamePage(tab.page)).toBe(true)
    expect(tab.errors).toEqual([])
    await tab.close()
  })

  it('reloads once onto the new release when the previous assets are gone, and opens the screen without an error', { timeout: 20_000 }, async () => {
    const tab = await tabOnReleaseA()
    serve(releaseB)
    const loaded = new Set<string>()
    tab.page.on('request', (r) => loaded.add(new URL(r.url()).pathname))
    await tab.page.getByRole('link', { name: 'Sign In' }).first().click()
    await signInForm(tab.page)
    expect(await stillTheSamePage(tab.page)).toBe(false)
    expect(new URL(tab.page.url()).pathname).toBe('/login')
    // It runs release B now: its entry script is one of B's files.
    const bEntry = readdirSync(join(releaseB, 'static', 'js')).find((f) => f.startsWith('index.') && f.endsWith('.js'))
    expect([...loaded]).toContain(`/static/js/${bEntry}`)
    expect(await tab.page.getByRole('alert').count()).toBe(0)
    await screenshot(tab.page, 'open-tab-after-deploy')
    await tab.close()
  })
})
