import { promisify } from 'node:util'
import { constants, gzip, gzipSync } from 'node:zlib'

/**
 * Compression made on a request's path uses the fastest level: for the 500-line-item sections
 * document (~220 kB of JSON) level 1 takes half the CPU of zlib's default 6 for ~7 % more bytes
 * (34 against 32 kB), and on a page of the list (~8 kB) the difference is the same in proportion.
 * nginx makes the same choice by default (gzip_comp_level 1).
 */
const FASTEST = { level: constants.Z_BEST_SPEED }
/** Up to this, deflate on the event loop is cheaper (~0.03 ms for 8 kB) than a thread-pool round trip. */
const SYNC_UP_TO = 64 * 1024
const gzipAsync = promisify(gzip)

/** The one way services and the gateway gzip an answer. */
export async function gzipAnswer(plain: Buffer): Promise<Buffer> {
  return plain.length <= SYNC_UP_TO ? gzipSync(plain, FASTEST) : gzipAsync(plain, FASTEST)
}
