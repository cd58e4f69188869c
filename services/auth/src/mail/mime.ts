import PostalMime from 'postal-mime'

// The development mail sink reads what nodemailer sends with a maintained MIME parser
// (postal-mime), as a mail client would: text and HTML bodies, encoded-word subjects,
// attachments, and the headers a test asks about (List-Unsubscribe, Reply-To, Message-ID).

export type MailAttachmentPart = { filename: string; contentType: string; size: number; content: Buffer }
export type ParsedMail = {
  subject: string
  text: string
  html: string
  links: string[]
  cc: string[]
  replyTo: string | null
  messageId: string | null
  /** Headers by lower-case name (the first of each). */
  headers: Record<string, string>
  attachments: MailAttachmentPart[]
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

const EMPTY: ParsedMail = { subject: '', text: '', html: '', links: [], cc: [], replyTo: null, messageId: null, headers: {}, attachments: [] }

/** `raw` is the message as received. Unreadable input gives an empty mail rather than an error. */
export async function parseMail(raw: Buffer | string): Promise<ParsedMail> {
  let email: Awaited<ReturnType<typeof PostalMime.parse>>
  try {
    email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' })
  } catch {
    return EMPTY
  }
  const text = (email.text ?? '').replace(/\r\n/g, '\n').trimEnd()
  const html = email.html ?? ''
  const headers: Record<string, string> = {}
  for (const h of email.headers ?? []) headers[h.key] ??= h.value
  const addressesOf = (list: typeof email.cc) =>
    (list ?? []).flatMap((a) => ('group' in a && a.group ? a.group.map((g) => g.address) : [a.address])).filter((a): a is string => !!a)
  return {
    subject: email.subject ?? '',
    text,
    html,
    links: extractLinks(text, html),
    cc: addressesOf(email.cc).map((a) => a.toLowerCase()),
    replyTo: addressesOf(email.replyTo)[0]?.toLowerCase() ?? null,
    messageId: email.messageId ?? null,
    headers,
    attachments: (email.attachments ?? []).map((a) => {
      const content = Buffer.from(a.content as ArrayBuffer)
      return { filename: a.filename ?? 'attachment', contentType: a.mimeType, size: content.length, content }
    }),
  }
}
