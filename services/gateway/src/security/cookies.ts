/** Cookie header → name/value map. First occurrence wins, as browsers send the most specific path first. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
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
  return out
}

/** The Cookie header without `name`, or undefined when nothing is left. */
export function withoutCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  const kept = header
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p && p.split('=')[0].trim() !== name)
  return kept.length ? kept.join('; ') : undefined
}
