import type { IncomingMessage } from 'node:http'
import { Transform, type TransformCallback } from 'node:stream'
import { payloadTooLarge } from '../core/errors.js'
import type { GatewayEnv } from '../env.js'
import type { BodyLimit } from '../routes/route-table.js'

export function bodyLimitBytes(limit: BodyLimit | undefined, env: GatewayEnv): number {
  if (limit === 'upload') return env.UPLOAD_BODY_LIMIT_BYTES
  if (limit === 'audio') return env.AUDIO_BODY_LIMIT_BYTES
  return env.BODY_LIMIT_BYTES
}

/** Refuses a declared oversized body before a single byte of it is read. */
export function assertDeclaredLength(req: IncomingMessage, limit: number): void {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw payloadTooLarge(limit)
}

export const hasBody = (req: IncomingMessage) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body is larger than ${limit} bytes`)
  }
}

/**
 * Counts bytes as they stream through and fails the stream past the limit: chunked uploads (or
 * a lying Content-Length) are cut off without being buffered.
 */
export function byteLimiter(limit: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _enc, callback: TransformCallback) {
      seen += chunk.length
      if (seen > limit) return callback(new BodyTooLargeError(limit))
      callback(null, chunk)
    },
  })
}
