import { promisify } from 'node:util'
import { constants, crc32, deflateRaw, deflateRawSync, gzip, gzipSync } from 'node:zlib'

/**
 * Compression made on a request's path uses the fastest level: for the 500-line-item sections
 * document (~220 kB of JSON) level 1 takes half the CPU of zlib's default 6 for ~7 % more bytes
 * (34 against 32 kB), and on a page of the list (~8 kB) the difference is the same in proportion.
 * nginx makes the same choice by default (gzip_comp_level 1).
 */
const FASTEST = { level: constants.Z_BEST_SPEED }
/** Up to this, deflate on the event loop is cheaper (~0.03 ms for 8 kB) than a thread-pool round trip. */
const SYNC_UP_TO = 64 * 1024
/**
 * For an input up to SYNC_UP_TO: an 8 kB window and a smaller hash. JSON of that size compresses
 * as well (a section of 50 line items: 2,923 bytes against 2,966; a list page: 1,412 against
 * 1,412), ~10 % faster, and each call sets up ~64 kB of zlib state instead of ~256 kB.
 */
const SMALL = { ...FASTEST, windowBits: 13, memLevel: 6 }
const optionsFor = (input: Buffer) => (input.length <= SYNC_UP_TO ? SMALL : FASTEST)
const gzipAsync = promisify(gzip)

/** The one way services and the gateway gzip an answer. */
export async function gzipAnswer(plain: Buffer): Promise<Buffer> {
  return plain.length <= SYNC_UP_TO ? gzipSync(plain, SMALL) : gzipAsync(plain, FASTEST)
}

// An answer made of pieces can be gzipped piece by piece: each piece is deflated on its own and
// ends on a byte boundary (a sync flush), so pieces concatenate into one valid deflate stream,
// and an answer whose pieces mostly did not change recompresses only the ones that did.

/** Deflate options for a piece: each segment ends on a byte boundary (a sync flush). */
const segmentOptions = (piece: Buffer) => ({ ...optionsFor(piece), finishFlush: constants.Z_SYNC_FLUSH })
const deflateRawAsync = promisify(deflateRaw)
/** Deflate's last block, empty: ends a stream of segments. */
const LAST_BLOCK = deflateRawSync(Buffer.alloc(0), FASTEST)
/** ID1 ID2, deflate, no flags, no mtime, no extra flags, OS unix (as zlib writes it). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])

/** Each piece as a deflate segment (see gzipOfSegments); on the thread pool when they are large. */
export async function deflateSegments(pieces: Buffer[]): Promise<Buffer[]> {
  const total = pieces.reduce((sum, p) => sum + p.length, 0)
  if (total <= SYNC_UP_TO) return pieces.map((p) => deflateRawSync(p, segmentOptions(p)))
  return Promise.all(pieces.map((p) => deflateRawAsync(p, segmentOptions(p))))
}

/** The gzip of `plain`, given the deflate segments of its pieces in order (deflateSegments). */
export function gzipOfSegments(plain: Buffer, segments: Buffer[]): Buffer {
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc32(plain), 0)
  trailer.writeUInt32LE(plain.length % 2 ** 32, 4)
  return Buffer.concat([GZIP_HEADER, ...segments, LAST_BLOCK, trailer])
}
