import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { deflateSegments, gzipAnswer, gzipOfSegments } from '../src/gzip.js'

const jsonOf = (size: number, salt = '') =>
  Buffer.from(JSON.stringify(Array.from({ length: size / 64 }, (_, i) => ({ id: i, name: `line item ${i}${salt}`, unit: 'sqft' }))).slice(0, size))

describe('gzipAnswer', () => {
  it.each([
    ['a small answer (deflated on the event loop)', 8 * 1024],
    ['a large answer (deflated in the thread pool)', 300 * 1024],
  ])('round-trips %s and makes it smaller', async (_name, size) => {
    const plain = jsonOf(size)
    const gzipped = await gzipAnswer(plain)
    expect(gunzipSync(gzipped).equals(plain)).toBe(true)
    expect(gzipped.length).toBeLessThan(plain.length / 3)
  })
})

describe('gzip of segments', () => {
  it.each([
    ['small pieces (deflated on the event loop)', 2 * 1024],
    ['large pieces (deflated in the thread pool)', 40 * 1024],
  ])('joins %s into one gzip of the whole, whatever segments are reused', async (_name, size) => {
    const pieces = [Buffer.from('['), jsonOf(size, 'a'), Buffer.from(','), jsonOf(size, 'b'), Buffer.from(','), Buffer.alloc(0), Buffer.from(']')]
    const segments = await deflateSegments(pieces)
    const plain = Buffer.concat(pieces)
    const gzipped = gzipOfSegments(plain, segments)
    expect(gunzipSync(gzipped).equals(plain)).toBe(true)
    expect(gzipped.length).toBeLessThan(plain.length / 3)
    // One piece changes: its new segment beside the others' old ones is the gzip of the new whole.
    const changed = jsonOf(size, 'changed')
    const [changedSegment] = await deflateSegments([changed])
    const next = [...pieces.slice(0, 3), changed, ...pieces.slice(4)]
    expect(gunzipSync(gzipOfSegments(Buffer.concat(next), [...segments.slice(0, 3), changedSegment, ...segments.slice(4)])).equals(Buffer.concat(next))).toBe(
      true,
    )
  })

  it('names the whole in its trailer: a gzip checked against other bytes fails', async () => {
    const pieces = [Buffer.from('{"a":1}'), Buffer.from('{"b":2}')]
    const wrongWhole = Buffer.from('{"a":1}{"b":3}')
    const segments = await deflateSegments(pieces)
    expect(() => gunzipSync(gzipOfSegments(wrongWhole, segments))).toThrow()
  })
})
