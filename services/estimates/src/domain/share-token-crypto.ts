import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

// Share tokens (spec 001 "Share dialog"): the public page looks a token up by its sha256; the
// contractor sees the token again because it is also stored encrypted (AES-256-GCM, key from
// env SHARE_TOKEN_KEY). Neither the hash nor the ciphertext alone lets anyone open the page.
//
// Ciphertext format: "v1.<iv b64url>.<tag b64url>.<data b64url>".

export type ShareTokenCrypto = {
  /** A fresh random token (32 bytes, base64url: 43 URL-safe characters). */
  generate(): string
  /** sha256 hex of the token: the lookup key stored in share_links.token_hash. */
  hash(token: string): string
  encrypt(token: string): string
  /** The token, or null when the ciphertext is malformed or was made with another key. */
  decrypt(ciphertext: string): string | null
}

export const hashShareToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex')

/** Tokens are base64url of 32 random bytes; anything else can be refused before a lookup. */
export const looksLikeShareToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token)

export function createShareTokenCrypto(keyBase64: string): ShareTokenCrypto {
  const key = Buffer.from(keyBase64, 'base64')
  if (key.length !== 32) throw new Error('SHARE_TOKEN_KEY must be 32 bytes, base64-encoded')
  return {
    generate: () => randomBytes(32).toString('base64url'),
    hash: hashShareToken,
    encrypt(token) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.')
    },
    decrypt(ciphertext) {
      const parts = ciphertext.split('.')
      if (parts.length !== 4 || parts[0] !== 'v1') return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[1], 'base64url'))
        decipher.setAuthTag(Buffer.from(parts[2], 'base64url'))
        return Buffer.concat([decipher.update(Buffer.from(parts[3], 'base64url')), decipher.final()]).toString('utf8')
      } catch {
        return null
      }
    },
  }
}
