// The gateway reads the same Cookie header up to three times per request (CSRF cookie, session,
// CSRF check); the last header's parse is kept, so each request parses it once.
let lastHeader: string | undefined
let lastParsed: Readonly<Record<string, string>> = Object.freeze({})

/** Cookie header → name/value map (read-only: it may be shared). First occurrence wins, as browsers send the most specific path first. */
export function parseCookies(header: string | undefined): Readonly<Record<string, string>> {
  if (!header) return {}
  if (header === lastHeader) return lastParsed
  const out: Record<string, string> = {}
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (!name || name in out) continue
    let value = part.slice(eq + 1).trim()
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    try {
      out[name] = decodeURIComponent(value)
    } catch {
      out[name] = value
    }
  }
  lastHeader = header
  lastParsed = Object.freeze(out)
  return lastParsed
}

let lastStripped: { header?: string; names?: readonly string[]; kept?: string } = {}

/** The Cookie header without the cookies named, or undefined when nothing is left. */
export function withoutCookies(header: string | undefined, names: readonly string[]): string | undefined {
  if (!header) return undefined
  // Every forwarded request strips the session cookie from the same header its browser repeats.
  if (header === lastStripped.header && names === lastStripped.names) return lastStripped.kept
  const kept = header
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p && !names.includes(p.split('=')[0].trim()))
  lastStripped = { header, names, kept: kept.length ? kept.join('; ') : undefined }
  return lastStripped.kept
}
