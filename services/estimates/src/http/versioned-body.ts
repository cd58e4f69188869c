import { gzipAnswer } from '@plumbline/service-kit'
import type { Request, Response } from 'express'
import type { Versioned, VersionedMemo } from '../data/versioned-memo.js'

/** Below this a gzip header and a round of deflate cost more than the bytes they save. */
const COMPRESS_FROM_BYTES = 1024

/** JSON bytes, and their gzip once a client asked for it. */
type Answer = { body: Buffer; gzip?: Buffer }

/** The plain way to add the gzip: the whole body in one deflate (the sections document has its own). */
const gzipWhole = async <V extends Answer>(value: V): Promise<V> => ({ ...value, gzip: await gzipAnswer(value.body) })

/**
 * Sends JSON bytes remembered at a database version: named by that version (express answers a
 * matching If-None-Match with 304 and skips hashing the body for its own ETag), gzipped for a
 * client that accepts it. The gzip is kept beside the bytes in `memo`, so a version is
 * compressed at most once.
 */
export async function sendVersionedJson<V extends Answer>(
  req: Request,
  res: Response,
  answer: { etag: string; memo: VersionedMemo<V>; key: string; remembered: Versioned<V>; withGzip?: (value: V) => Promise<V> },
): Promise<void> {
  const { version, value } = answer.remembered
  res.setHeader('ETag', answer.etag)
  res.setHeader('Vary', 'Accept-Encoding')
  res.type('application/json')
  if (req.acceptsEncodings('gzip') !== 'gzip' || value.body.length < COMPRESS_FROM_BYTES) {
    res.send(value.body)
    return
  }
  let zipped = value
  if (!zipped.gzip) {
    zipped = await (answer.withGzip ?? gzipWhole)(value)
    answer.memo.set(answer.key, { version, value: zipped })
  }
  res.setHeader('Content-Encoding', 'gzip').send(zipped.gzip)
}
