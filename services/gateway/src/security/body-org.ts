import type { IncomingMessage } from 'node:http'
import { payloadTooLarge } from '../core/errors.js'
import { hasBody } from './body-limit.js'

/**
 * Reads a small JSON body whole (refusing it past `limit`) so the gateway can see the
 * organisation it names. Only routes whose spec puts the organisation in the body do this
 * (spec 000 §7: POST /api/ai/generate-content {organizationId, …}); every other body streams.
 */
export async function bufferBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (!hasBody(req)) return Buffer.alloc(0)
  const chunks: Buffer[] = []
  let seen = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    seen += chunk.length
    if (seen > limit) throw payloadTooLarge(limit)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/**
 * The organisation a JSON body names in `field`, or undefined when the body is not JSON, not an
 * object or has no such string: the request then goes on without an organisation and the
 * service answers 400 naming the field (or 404), as it would for any other malformed body.
 */
export function orgFromBody(body: Buffer, field: string): string | undefined {
  if (body.length === 0) return undefined
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'))
    const value = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>)[field] : undefined
    return typeof value === 'string' && value.length > 0 ? value : undefined
  } catch {
    return undefined
  }
}
