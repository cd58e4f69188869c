import type { Response } from 'express'

/** Below this a gzip header and a round of deflate cost more than the bytes they save. */
const COMPRESS_FROM_BYTES = 1024

/**
 * Sends JSON bytes remembered at a database version: named by that version (express answers a
 * matching If-None-Match with 304 and skips hashing the body for its own ETag), gzipped for a
 * client that accepts it. `gzipped` gives the gzip; the caller keeps it with what it remembers,
 * so a version is compressed at most once.
 */
export async function sendVersionedJson(
  res: Response,
  answer: { etag: string; body: Buffer; acceptsGzip: boolean; gzipped: () => Promise<Buffer> },
): Promise<void> {
  res.setHeader('ETag', answer.etag)
  res.setHeader('Vary', 'Accept-Encoding')
  res.type('application/json')
  if (!answer.acceptsGzip || answer.body.length < COMPRESS_FROM_BYTES) {
    res.send(answer.body)
    return
  }
  res.setHeader('Content-Encoding', 'gzip').send(await answer.gzipped())
}
