// Writes .env beside docker-compose.yml with a fresh random value for every secret compose needs
// (each `${NAME:?…}` in the file), and .compose/redis-users.acl, Redis' users (one per service,
// passwords from .env, stored hashed). Values already in .env are kept, so it is safe to run again.
// Usage: npm run compose:env
import { createHash, generateKeyPairSync, type JsonWebKey, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REDIS_GRANTS, type RedisService, redisAclFile } from '@plumbline/service-kit'

const root = join(import.meta.dirname, '..')

/** The names of the variables docker-compose.yml refuses to start without. */
export function requiredComposeVariables(composeText: string): string[] {
  return [...new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]))].sort()
}

/** A random value in the format the setting expects (the services' env schemas say which). */
function generateSecret(name: string): string {
  // AES-256-GCM key: 32 bytes, base64 (services/estimates/src/env.ts).
  if (name === 'SHARE_TOKEN_KEY') return randomBytes(32).toString('base64')
  // Goes into URLs (postgresql://…:<password>@, redis://:<password>@): hex needs no escaping.
  return randomBytes(32).toString('hex')
}

/**
 * The gateway's identity signing key (an Ed25519 private JWK) and the key set services verify with
 * (a JWKS of its public half), made as one pair.
 */
function identityKeyPair(): { IDENTITY_SIGNING_KEY: string; IDENTITY_PUBLIC_KEYS: string } {
  const { privateKey } = generateKeyPairSync('ed25519')
  const jwk = privateKey.export({ format: 'jwk' }) as JsonWebKey & { x: string; d: string }
  const kid = `ed25519-${createHash('sha256').update(jwk.x).digest('base64url').slice(0, 16)}`
  return {
    IDENTITY_SIGNING_KEY: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d, kid }),
    IDENTITY_PUBLIC_KEYS: JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: 'EdDSA', use: 'sig' }] }),
  }
}

/** Fresh values for a set of secrets, made together so that related ones match (the identity key pair). */
export function generateSecrets(names: string[]): Record<string, string> {
  const pair = identityKeyPair()
  return Object.fromEntries(names.map((name) => [name, name in pair ? pair[name as keyof typeof pair] : generateSecret(name)]))
}

function readDotEnv(path: string): Map<string, string> {
  const entries = new Map<string, string>()
  if (!existsSync(path)) return entries
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim())
    if (match) entries.set(match[1], match[2].replace(/^'(.*)'$/, '$1'))
  }
  return entries
}

/** redis-server's aclfile for compose: each service's user with REDIS_PASSWORD_<SERVICE>, stored as its SHA-256. */
export function composeRedisAcl(env: Record<string, string>): string {
  const services = Object.keys(REDIS_GRANTS) as RedisService[]
  const hashed = (service: RedisService) => {
    const password = env[`REDIS_PASSWORD_${service.toUpperCase()}`]
    if (!password) throw new Error(`REDIS_PASSWORD_${service.toUpperCase()} is not in .env`)
    return `#${createHash('sha256').update(password).digest('hex')}`
  }
  return redisAclFile(Object.fromEntries(services.map((s) => [s, hashed(s)])) as Record<RedisService, string>)
}

function main() {
  const envPath = join(root, '.env')
  const existing = readDotEnv(envPath)
  const missing = requiredComposeVariables(readFileSync(join(root, 'docker-compose.yml'), 'utf8')).filter((name) => !existing.has(name))
  if (missing.length === 0) console.log('.env already has every secret docker-compose.yml needs')
  else {
    // Single quotes: compose reads the value literally (the key set is JSON).
    const lines = Object.entries(generateSecrets(missing)).map(([name, value]) => `${name}='${value}'`)
    const before = existsSync(envPath)
      ? readFileSync(envPath, 'utf8').replace(/\n?$/, '\n')
      : '# Secrets of docker-compose.yml (npm run compose:env). Never commit.\n'
    writeFileSync(envPath, `${before}${lines.join('\n')}\n`, { mode: 0o600 })
    console.log(`.env: generated ${missing.join(', ')}`)
  }
  mkdirSync(join(root, '.compose'), { recursive: true })
  writeFileSync(join(root, '.compose', 'redis-users.acl'), composeRedisAcl(Object.fromEntries(readDotEnv(envPath))))
  console.log('.compose/redis-users.acl: one Redis user per service')
}

if (import.meta.url === `file://${process.argv[1]}`) main()
