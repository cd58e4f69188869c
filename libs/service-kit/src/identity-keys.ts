import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createLocalJWKSet, type JSONWebKeySet, type JWK, type JWTVerifyGetKey, errors as joseErrors } from 'jose'
import { z } from 'zod'

/**
 * Identity tokens are signed by the gateway alone (Ed25519, "EdDSA"); services hold only public
 * keys, so nothing a service knows can mint an identity. Keys travel as JWKs with a key id
 * (`kid`); services accept a set of public keys, so a new key can be added before the gateway
 * switches to it and the old one removed after (rotation without a restart, see identityKeySet).
 */
export const IDENTITY_KEY_ALG = 'EdDSA'

const ZPublicJwk = z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string().min(43), kid: z.string().min(1) })
const ZPrivateJwk = ZPublicJwk.extend({ d: z.string().min(43) })
const ZJwks = z.object({ keys: z.array(ZPublicJwk.passthrough()).min(1) })

export type IdentitySigningKey = { kid: string; key: KeyObject; publicJwk: JWK }

const kidOf = (x: string) => `ed25519-${createHash('sha256').update(x).digest('base64url').slice(0, 16)}`

function signingKeyFrom(privateKey: KeyObject, kid?: string): IdentitySigningKey {
  // An Ed25519 (OKP) public JWK always carries x.
  const publicJwk = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK & { x: string }
  const id = kid ?? kidOf(publicJwk.x)
  return { kid: id, key: privateKey, publicJwk: { ...publicJwk, kid: id, alg: IDENTITY_KEY_ALG, use: 'sig' } }
}

// PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/**
 * The key development and test runs use when none is configured, derived from a public label so
 * that separately started processes agree with no setup. Public by construction: production
 * refuses it (see identityKeyProblems), and `npm start` passes a freshly generated pair instead.
 */
export function derivedIdentityKey(mode: 'development' | 'test'): IdentitySigningKey {
  const seed = createHash('sha256').update(`plumbline-${mode}-identity-key`).digest()
  return signingKeyFrom(createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' }), `${mode}-only`)
}

/** A fresh key pair as the env wants it (IDENTITY_SIGNING_KEY for the gateway, IDENTITY_PUBLIC_KEYS for services). */
export function generateIdentityKeyEnv(): { IDENTITY_SIGNING_KEY: string; IDENTITY_PUBLIC_KEYS: string } {
  const key = signingKeyFrom(generateKeyPairSync('ed25519').privateKey)
  const privateJwk = { ...(key.key.export({ format: 'jwk' }) as JWK), kid: key.kid }
  return { IDENTITY_SIGNING_KEY: JSON.stringify(privateJwk), IDENTITY_PUBLIC_KEYS: JSON.stringify({ keys: [key.publicJwk] }) }
}

export function parseSigningKey(text: string): IdentitySigningKey {
  const jwk = ZPrivateJwk.parse(JSON.parse(text))
  return signingKeyFrom(createPrivateKey({ key: jwk, format: 'jwk' }), jwk.kid)
}

export function parsePublicKeys(text: string): JSONWebKeySet {
  const jwks = ZJwks.parse(JSON.parse(text))
  return { keys: jwks.keys.map((k) => ({ ...k, alg: IDENTITY_KEY_ALG })) as JWK[] }
}

const DERIVED_PUBLIC_X = new Set((['development', 'test'] as const).map((m) => derivedIdentityKey(m).publicJwk.x))

/** Why a configured key set must not be used in production (empty when it may). */
export function publicKeysProblem(jwks: JSONWebKeySet): string | undefined {
  if (jwks.keys.some((k) => DERIVED_PUBLIC_X.has(k.x ?? ''))) return 'contains the public development/test key'
  return undefined
}

export type IdentityKeySource = { inline?: string; file?: string; mode: 'development' | 'test' | 'production' }

/** The configured key text (the file wins over the inline value), or undefined when none is configured. */
function readKeyText(source: IdentityKeySource): string | undefined {
  if (source.file) return readFileSync(source.file, 'utf8')
  return source.inline
}

export function loadPublicKeys(source: IdentityKeySource): JSONWebKeySet {
  const text = readKeyText(source)
  if (!text && source.mode === 'production') throw new Error('IDENTITY_PUBLIC_KEYS or IDENTITY_PUBLIC_KEYS_FILE must be set in production')
  const jwks = text ? parsePublicKeys(text) : { keys: [derivedIdentityKey(source.mode as 'development' | 'test').publicJwk] }
  const problem = source.mode === 'production' && publicKeysProblem(jwks)
  if (problem) throw new Error(`IDENTITY_PUBLIC_KEYS ${problem}`)
  return jwks
}

export function loadSigningKey(source: IdentityKeySource): IdentitySigningKey {
  const text = readKeyText(source)
  if (!text && source.mode === 'production') throw new Error('IDENTITY_SIGNING_KEY or IDENTITY_SIGNING_KEY_FILE must be set in production')
  const key = text ? parseSigningKey(text) : derivedIdentityKey(source.mode as 'development' | 'test')
  if (source.mode === 'production' && DERIVED_PUBLIC_X.has(key.publicJwk.x ?? '')) throw new Error('IDENTITY_SIGNING_KEY is the public development/test key')
  return key
}

export type IdentityKeySet = { getKey: JWTVerifyGetKey; close: () => void; onChange: (fn: () => void) => void }

/**
 * Public keys that follow their file: re-read every `refreshMs`, and at once (at most once a
 * second) when a token names a key id the set does not know yet, so a rotated key set is picked
 * up without a restart. A file that cannot be read or parsed keeps the last good set.
 */
export function identityKeySet(source: IdentityKeySource, refreshMs = 60_000): IdentityKeySet {
  let text = readKeyText(source)
  let jwks = createLocalJWKSet(loadPublicKeys(source))
  let lastOnDemand = 0
  const listeners: (() => void)[] = []
  const reload = () => {
    if (!source.file) return false
    try {
      const next = readFileSync(source.file, 'utf8')
      if (next === text) return false
      jwks = createLocalJWKSet(parsePublicKeys(next))
      text = next
      for (const fn of listeners) fn()
      return true
    } catch {
      return false
    }
  }
  const timer = source.file ? setInterval(reload, refreshMs) : undefined
  timer?.unref()
  const getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await jwks(header, token)
    } catch (err) {
      if (!(err instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - lastOnDemand < 1000) throw err
      lastOnDemand = Date.now()
      if (!reload()) throw err
      return jwks(header, token)
    }
  }
  return { getKey, close: () => clearInterval(timer), onChange: (fn) => listeners.push(fn) }
}
