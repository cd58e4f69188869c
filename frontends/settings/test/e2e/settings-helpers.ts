import { deflateSync } from 'node:zlib'
import { apiOk, screenshotsNamed } from '@plumbline/testing'
import type { Page } from 'playwright-core'

export { api, apiOk, hidden, signedIn, visible } from '@plumbline/testing'

// Helpers of the settings journeys: the demo organisation's settings path, toasts, screenshots
// (in test-output like every journey) and a real PNG.

export async function settingsPath(page: Page): Promise<string> {
  const user = await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')
  return `/api/organizations/${user.organizations[0]!.id}/company-settings`
}

/** The open toast with this text (the shell shows one toast at a time). */
export const toast = (page: Page, text: string | RegExp) => page.locator('li[data-state="open"]').filter({ hasText: text })

export const runTag = (label: string) => `${label}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`

export const shot = screenshotsNamed('settings')

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A real width×height RGB PNG: a blue block with an amber stripe (so a broken render shows). */
export function makePng(width = 48, height = 24): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // colour type: RGB
  const rows: number[] = []
  for (let y = 0; y < height; y++) {
    rows.push(0) // filter: none
    for (let x = 0; x < width; x++) rows.push(...(y > height / 3 && y < (2 * height) / 3 ? [245, 158, 11] : [30, 64, 175]))
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))])
}

export { overflowingElements } from '@plumbline/testing'
