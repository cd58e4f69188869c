// Front-end weight from a real browser: cold loads in headless Chromium (a fresh
// context per round, cache disabled) of the signed-out landing page, the sign-in screen and the
// signed-in estimates list; JavaScript bytes as they came over the wire (gzip) and requests; the
// time until the list shows its cards. Then each remote's entry: remoteEntry.js plus the chunks
// its ./App needs before it renders (from its mf-manifest.json), gzip, shared libraries excluded.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../libs/testing/src/browser.js'
import { root, type Stack } from '../lib/stack.js'
import type { BrowserSession } from './session.js'

const ROUNDS = 3
export const TARGETS = { landingJsKb: 170, listReadyMs: 1000, remoteEntryKb: 60 } as const

type Load = { jsBytes: number; jsRequests: number; requests: number; readyMs: number; jsUrls: string[] }

/** Counts every response's encoded (on the wire) length through the DevTools protocol. */
async function recordLoad(context: BrowserContext, page: Page, go: () => Promise<void>): Promise<Load> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const kinds = new Map<string, { url: string; script: boolean }>()
  const load: Load = { jsBytes: 0, jsRequests: 0, requests: 0, readyMs: 0, jsUrls: [] }
  cdp.on('Network.responseReceived', (e) => {
    const script = e.type === 'Script' || /javascript/.test(e.response.mimeType)
    kinds.set(e.requestId, { url: e.response.url, script })
  })
  cdp.on('Network.loadingFinished', (e) => {
    const kind = kinds.get(e.requestId)
    if (!kind) return
    load.requests++
    if (!kind.script) return
    load.jsRequests++
    load.jsBytes += e.encodedDataLength
    load.jsUrls.push(kind.url)
  })
  const started = performance.now()
  await go()
  load.readyMs = performance.now() - started
  // Whatever the page still fetches once it is shown (prefetches, lazy chunks) counts too.
  await page.waitForLoadState('networkidle')
  await cdp.detach()
  return load
}

function cookiesOf(session: BrowserSession, url: string) {
  return session.cookie.split(';').map((pair) => {
    const [name = '', ...value] = pair.trim().split('=')
    return { name, value: value.join('='), url }
  })
}

async function coldRounds(browser: Browser, visit: (page: Page) => Promise<void>, session?: { s: BrowserSession; url: string }): Promise<Load[]> {
  const loads: Load[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    if (session) await context.addCookies(cookiesOf(session.s, session.url))
    const page = await context.newPage()
    loads.push(await recordLoad(context, page, () => visit(page)))
    await context.close()
  }
  return loads
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

function report(name: string, loads: Load[], target: string): void {
  const bytes = loads.map((l) => l.jsBytes)
  const ready = loads.map((l) => l.readyMs)
  console.log(
    `  ${name.padEnd(22)} JS ${kb(median(bytes)).padStart(6)} kB in ${String(median(loads.map((l) => l.jsRequests))).padStart(2)} requests ` +
      `(${median(loads.map((l) => l.requests))} in all)   ready ${Math.round(Math.min(...ready))}–${Math.round(Math.max(...ready))} ms   ${target}`,
  )
}

/**
 * remoteEntry.js and the synchronous chunks of ./App, gzip-compressed as served. Other exposed
 * modules (the estimates remote's ./CreateEstimateDialog, which the dashboard loads when it opens
 * the dialog) are not part of loading the remote: they are printed on their own.
 */
export function remoteEntryBytes(name: string, expose = 'App'): number {
  const dist = join(root, 'frontends', name, 'dist')
  const manifest = readManifest(dist)
  const files = [
    join(manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name),
    ...manifest.exposes.filter((e) => e.name === expose).flatMap((e) => e.assets.js.sync),
  ]
  return [...new Set(files)].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0)
}

type Manifest = { metaData: { remoteEntry: { name: string; path: string } }; exposes: { name: string; assets: { js: { sync: string[] } } }[] }
const readManifest = (dist: string) => JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest
const otherExposes = (name: string) =>
  readManifest(join(root, 'frontends', name, 'dist'))
    .exposes.filter((e) => e.name !== 'App')
    .map((e) => e.name)

export async function benchFrontends(stack: Stack, session: BrowserSession): Promise<void> {
  console.log(`\nfront-end weight (headless Chromium, cold: new context and cache disabled, ${ROUNDS} rounds, median; ready: min–max)`)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const landing = await coldRounds(browser, async (page) => {
      await page.goto(`${stack.url}/`)
      await page.getByRole('link', { name: 'Sign In' }).first().waitFor()
    })
    report('landing (signed out)', landing, `target ≤ ${TARGETS.landingJsKb} kB`)
    const login = await coldRounds(browser, async (page) => {
      await page.goto(`${stack.url}/login`)
      await page.getByRole('button', { name: 'Sign In' }).waitFor()
    })
    report('sign-in screen', login, `target ≤ ${TARGETS.landingJsKb} kB`)
    const list = await coldRounds(
      browser,
      async (page) => {
        await page.goto(`${stack.url}/cost-estimator`)
        await page.getByTestId('estimate-total').first().waitFor()
      },
      { s: session, url: stack.url },
    )
    report('estimates list', list, `ready target < ${TARGETS.listReadyMs} ms`)
    const fromRemote = (l: Load, port: number) => l.jsUrls.filter((u) => new URL(u).port === String(port)).length
    console.log(`  estimates list: ${median(list.map((l) => fromRemote(l, stack.remotePorts.estimates)))} JS files from the estimates remote`)
    for (const name of Object.keys(stack.remotePorts)) {
      console.log(`  remote ${name.padEnd(10)} entry + ./App ${kb(remoteEntryBytes(name)).padStart(6)} kB gzip   target ≤ ${TARGETS.remoteEntryKb} kB`)
      for (const expose of otherExposes(name)) {
        console.log(`    (entry + ./${expose}, loaded when a screen opens it: ${kb(remoteEntryBytes(name, expose))} kB gzip)`)
      }
    }
  } finally {
    await browser.close()
  }
}
