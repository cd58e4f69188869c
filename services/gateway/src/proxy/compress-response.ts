import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipAnswer } from '@plumbline/service-kit'
import accepts from 'accepts'
import type { Dispatcher } from 'undici'

// Services answer JSON uncompressed; the gateway, the one HTTP entry, compresses it for clients
// that accept gzip: on a contractor's phone in the field the bytes are most of the wait, and
// gzip makes a page of the list an eighth of its size for little CPU (docs/adr/0015).
// Only complete answers are compressed: those that declare their length (express's res.json
// and res.send do). Streams (AI progress) declare none and pass through untouched, as do
// answers a service encoded itself (the estimate's sections come gzipped once per version).

const COMPRESSIBLE_TYPE = /^(application\/(json|problem\+json)|text\/csv)\b/i
/** Below this, gzip's header and deflate's work cost more than the bytes they save. */
const MIN_BYTES = 1024
/** Up to this an answer is read whole and compressed; larger ones stream as they are. */
const MAX_BYTES = 1024 * 1024

/** A complete JSON or CSV answer of a compressible size, not already encoded. */
export function isCompressible(method: string, upstream: Dispatcher.ResponseData): boolean {
  const { headers, statusCode } = upstream
  if (method === 'HEAD' || statusCode === 204 || statusCode === 304) return false
  const type = headers['content-type']
  if (headers['content-encoding'] || typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return false
  const length = Number(headers['content-length'])
  return Number.isInteger(length) && length >= MIN_BYTES && length <= MAX_BYTES
}

/** As express's req.acceptsEncodings('gzip'): listed (or *) with a non-zero quality. */
export const acceptsGzip = (req: IncomingMessage) => accepts(req).encodings('gzip') === 'gzip'

/** Adds Accept-Encoding to the answer's Vary (kept as the service sent it otherwise). */
export function varyOnEncoding(res: ServerResponse): void {
  const vary = res.getHeader('Vary')
  const fields = String(vary ?? '')
  if (fields.trim() === '*') return
  if (!fields.trim()) return void res.setHeader('Vary', 'Accept-Encoding')
  if (!fields.split(',').some((f) => f.trim().toLowerCase() === 'accept-encoding')) res.setHeader('Vary', `${fields}, Accept-Encoding`)
}

/**
 * Reads the service's (bounded) answer, gzips it and sends it with its new length. The ETag is
 * made weak, as for any re-encoded body: the service's validator still names the content.
 */
export async function sendGzipped(body: Dispatcher.ResponseData['body'], res: ServerResponse): Promise<void> {
  const plain = Buffer.from(await body.arrayBuffer())
  const gzipped = await gzipAnswer(plain)
  const etag = res.getHeader('ETag')
  if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`)
  res.setHeader('Content-Encoding', 'gzip')
  res.setHeader('Content-Length', gzipped.length)
  res.end(gzipped)
}
