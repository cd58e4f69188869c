// A deliberately small MIME reader for the development mail sink: enough to show what
// nodemailer sends (multipart/alternative, quoted-printable or base64 parts, encoded-word
// subjects). `mailparser` is not installable here, and a full parser is not needed for our mails.

export type ParsedMail = { subject: string; text: string; html: string; links: string[] }

type Part = { headers: Map<string, string>; body: string }

function splitHeaderBody(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw)
  const head = match ? raw.slice(0, match.index) : raw
  const body = match ? raw.slice(match.index + match[0].length) : ''
  const headers = new Map<string, string>()
  // Unfold continuation lines (RFC 5322 §2.2.3) before splitting name and value.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function headerParams(value: string): { value: string; params: Record<string, string> } {
  const [main, ...rest] = value.split(';')
  const params: Record<string, string> = {}
  for (const p of rest) {
    const eq = p.indexOf('=')
    if (eq > 0)
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1')
  }
  return { value: (main ?? '').trim().toLowerCase(), params }
}

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const charset = headerParams(part.headers.get('content-type') ?? '').params.charset?.toLowerCase() ?? 'utf-8'
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, 'latin1')
  return new TextDecoder(charset === 'us-ascii' ? 'utf-8' : charset, { fatal: false }).decode(bytes)
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?Hello_there?= */
export function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g, (_m, charset: string, enc: string, text: string) => {
    const bytes = enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '))
    try {
      return new TextDecoder(charset.toLowerCase()).decode(bytes)
    } catch {
      return bytes.toString('utf8')
    }
  })
}

function collectLeaves(part: Part, out: { text?: string; html?: string }, depth = 0): void {
  const type = headerParams(part.headers.get('content-type') ?? 'text/plain')
  if (type.value.startsWith('multipart/') && type.params.boundary && depth < 5) {
    const boundary = `--${type.params.boundary}`
    const chunks = part.body.split(boundary).slice(1)
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break
      // The line break before a boundary belongs to the boundary (RFC 2046 §5.1.1), not the part.
      collectLeaves(splitHeaderBody(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, '')), out, depth + 1)
    }
    return
  }
  if ((part.headers.get('content-disposition') ?? '').toLowerCase().startsWith('attachment')) return
  if (type.value === 'text/plain' && out.text === undefined) out.text = decodeBody(part).replace(/\r\n/g, '\n').trimEnd()
  if (type.value === 'text/html' && out.html === undefined) out.html = decodeBody(part)
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')

/** Every http(s) link in the text and in the html hrefs, in order of appearance, without repeats. */
export function extractLinks(text: string, html: string): string[] {
  const found = [
    ...[...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => m[0]),
    ...[...html.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)].map((m) => unescapeHtml(m[1])),
  ]
  return [...new Set(found)]
}

/** `raw` is the message as received, read as latin1 so every byte survives until decoding. */
export function parseMail(raw: string): ParsedMail {
  const root = splitHeaderBody(raw)
  const leaves: { text?: string; html?: string } = {}
  collectLeaves(root, leaves)
  const text = leaves.text ?? ''
  const html = leaves.html ?? ''
  return { subject: decodeEncodedWords(root.headers.get('subject') ?? ''), text, html, links: extractLinks(text, html) }
}
