import { createHash, createHmac } from 'node:crypto'

/**
 * Canonical JSON: object keys sorted at every level, arrays in order, no whitespace. jsonb
 * reorders keys, so a snapshot read back from the database hashes to the same value only in a
 * canonical form.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The hash that identifies what a client saw: sha256 of the canonical JSON of the snapshot. */
export const snapshotHash = (snapshot: unknown) => sha256Hex(canonicalJson(snapshot))

/** Keyed, so the small IPv4 space cannot be reversed from the stored value by brute force. */
export const hashClientIp = (key: string, ip: string | undefined) => (ip ? createHmac('sha256', key).update(`client-ip:${ip}`).digest('hex') : null)
