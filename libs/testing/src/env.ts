import { derivedIdentityKey, generateIdentityKeyEnv, identityKeySet, identityVerifier } from '@plumbline/service-kit'

// Where the test infrastructure lives. scripts/test.ts exports these after ensuring the servers
// run (shared ones on this machine, or embedded ones it started).
export const testEnv = {
  databaseUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  /** The key NODE_ENV=test derives when none is configured: the gateway signs with it, services verify with its public half. */
  identitySigningKey: derivedIdentityKey('test'),
}

/** The settings every service needs in production (an explicit HOST, real identity keys), for env tests. */
export function productionBaseEnv(): Record<string, string> {
  const keys = generateIdentityKeyEnv()
  return { NODE_ENV: 'production', HOST: '0.0.0.0', IDENTITY_PUBLIC_KEYS: keys.IDENTITY_PUBLIC_KEYS }
}

/** Checks an identity token as a service under test would (the test key set). */
export const verifyTestIdentity = identityVerifier(identityKeySet({ mode: 'test' }))

/** A short unique id for prefixes of databases, NATS subjects/streams and Redis keys. */
export function uniqueId(label = 't'): string {
  return `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
}
