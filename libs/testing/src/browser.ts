import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { DevMail } from '@plumbline/contracts'
import { type Browser, chromium, type Page } from 'playwright-core'

/** Debian's chromium with the flags this workplace needs (no network beyond loopback). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** `extraArgs`: e.g. the fake microphone of speech.ts's fakeMicrophoneArgs. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] })
}

const shotsDir = join(import.meta.dirname, '..', '..', '..', 'test-output', 'screenshots')

/**
 * Saves a full-page screenshot under test-output/screenshots for people to look at, once the
 * page's fonts have loaded (animations are stopped by the capture itself).
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(shotsDir, { recursive: true })
  await page.evaluate('document.fonts.ready.then(() => true)')
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: opts.fullPage ?? true, animations: 'disabled' })
}

/** screenshot() with a journey's own prefix on every name (`estimates-…`, `settings-…`). */
export const screenshotsNamed =
  (prefix: string) =>
  (page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> =>
    screenshot(page, `${prefix}-${name}`, opts)

/** Mails the embedded sink received for one address, newest first (dev and test only). */
export async function mailsFor(baseUrl: string, to: string): Promise<DevMail[]> {
  const res = await fetch(`${baseUrl}/__dev/mail?to=${encodeURIComponent(to)}`)
  if (!res.ok) throw new Error(`GET /__dev/mail answered ${res.status}`)
  return res.json() as Promise<DevMail[]>
}

/** One attachment of a mail in the sink, as its bytes. */
export async function mailAttachment(baseUrl: string, mail: Pick<DevMail, 'id'>, index = 0): Promise<Buffer> {
  const res = await fetch(`${baseUrl}/__dev/mail/${encodeURIComponent(mail.id)}/attachments/${index}`)
  if (!res.ok) throw new Error(`GET attachment answered ${res.status}`)
  return Buffer.from(await res.arrayBuffer())
}

export async function waitForMail(baseUrl: string, to: string, subjectIncludes: string, timeoutMs = 15_000): Promise<DevMail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mail = (await mailsFor(baseUrl, to)).find((m) => m.subject.includes(subjectIncludes))
    if (mail) return mail
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`No mail "${subjectIncludes}" for ${to} within ${timeoutMs} ms`)
}
