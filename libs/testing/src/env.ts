// Where the test infrastructure lives. scripts/test.ts exports these after ensuring the servers
// run (shared ones on this machine, or embedded ones it started).
export const testEnv = {
  databaseUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  identitySecret: 'test-identity-secret-0123456789-abcdefghijklmnop',
}

/** A short unique id for prefixes of databases, NATS subjects/streams and Redis keys. */
export function uniqueId(label = 't'): string {
  return `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
}
