import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Short-lived download links: HMAC-SHA256 over file id, organisation and expiry, so none of
 * them can be changed without the secret. The link is still only honoured for a signed-in
 * member of that organisation (the gateway and the route check the identity too).
 */
export type LinkFields = { fileId: string; orgId: string; expires: number }

const payload = (f: LinkFields) => `v1\n${f.fileId}\n${f.orgId}\n${f.expires}`

export function signLink(secret: string, fields: LinkFields): string {
  return createHmac('sha256', secret).update(payload(fields)).digest('base64url')
}

export type LinkCheck = 'valid' | 'expired' | 'invalid'

/** Signature first (constant time), then expiry: a tampered expiry is 'invalid', not 'expired'. */
export function checkLink(secret: string, fields: LinkFields, signature: string, nowMs = Date.now()): LinkCheck {
  const expected = Buffer.from(signLink(secret, fields))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid'
  return fields.expires * 1000 > nowMs ? 'valid' : 'expired'
}

export function downloadPath(secret: string, fields: LinkFields): string {
  const q = new URLSearchParams({ organizationId: fields.orgId, expires: String(fields.expires), signature: signLink(secret, fields) })
  return `/api/documents/files/${fields.fileId}?${q.toString()}`
}
