import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { gzipAnswer } from '../src/gzip.js'

describe('gzipAnswer', () => {
  it.each([
    ['a small answer (deflated on the event loop)', 8 * 1024],
    ['a large answer (deflated in the thread pool)', 300 * 1024],
  ])('round-trips %s and makes it smaller', async (_name, size) => {
    const plain = Buffer.from(JSON.stringify(Array.from({ length: size / 64 }, (_, i) => ({ id: i, name: `line item ${i}`, unit: 'sqft' }))).slice(0, size))
    const gzipped = await gzipAnswer(plain)
    expect(gunzipSync(gzipped).equals(plain)).toBe(true)
    expect(gzipped.length).toBeLessThan(plain.length / 3)
  })
})
