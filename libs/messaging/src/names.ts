/**
 * Naming rules. A non-empty prefix isolates one test run (or one tenant of a shared server)
 * from everything else on the server: subjects get `<prefix>.` in front, stream and consumer
 * names get `<PREFIX>_`. In production the prefix is empty and names are the plain ones
 * from DESIGN §4 (stream `ESTIMATES` capturing `estimates.>`).
 */

const PREFIX_RE = /^[A-Za-z0-9_-]*$/

export function assertPrefix(prefix: string): void {
  // Dots would add subject tokens and wildcards would change what streams capture.
  if (!PREFIX_RE.test(prefix)) throw new Error(`bus prefix must match ${PREFIX_RE}: ${JSON.stringify(prefix)}`)
}

export function prefixSubject(prefix: string, subject: string): string {
  return prefix ? `${prefix}.${subject}` : subject
}

/** Stream and consumer names may not contain `.`, `*`, `>`, whitespace or path separators. */
function nameToken(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]/g, '_')
}

export function streamName(prefix: string, owner: string): string {
  const own = nameToken(owner).toUpperCase()
  return prefix ? `${nameToken(prefix).toUpperCase()}_${own}` : own
}

export function consumerName(prefix: string, durable: string): string {
  return prefix ? `${nameToken(prefix)}_${nameToken(durable)}` : nameToken(durable)
}

/** The owning service of a subject is its first token (`estimates.estimate.created.v1`). */
export function ownerOf(subject: string): string {
  const owner = subject.split('.')[0]
  if (!owner || owner === '*' || owner === '>') throw new Error(`subject has no owner token: ${subject}`)
  return owner
}

export const DLQ_OWNER = 'dlq'
