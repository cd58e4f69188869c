import { NATS_PASSWORD_PATTERN } from '@plumbline/messaging'
import type { BaseEnv } from './env.js'

// Security probe 2026-11-24, finding 5: NATS and Redis ran without authentication, so any
// process that could reach them could answer bus RPCs for any tenant or read every session.
// In production each service connects with its own NATS user (permissions from
// libs/messaging/src/permissions.ts) and its own Redis ACL user (docs in the service-kit README);
// without them it refuses to start. Development and tests keep the open local servers.

/** The NATS user of this service, when configured (NATS_USER + NATS_PASSWORD). */
export function natsCredentials(env: Pick<BaseEnv, 'NATS_USER' | 'NATS_PASSWORD'>): { user: string; password: string } | undefined {
  return env.NATS_USER && env.NATS_PASSWORD ? { user: env.NATS_USER, password: env.NATS_PASSWORD } : undefined
}

/** What is missing for production: one line per variable, empty when all is set. */
export function infraCredentialProblems(env: Pick<BaseEnv, 'NODE_ENV' | 'NATS_USER' | 'NATS_PASSWORD' | 'REDIS_URL'>): string[] {
  const problems: string[] = []
  if (Boolean(env.NATS_USER) !== Boolean(env.NATS_PASSWORD)) problems.push('NATS_USER and NATS_PASSWORD: set both or neither')
  if (env.NATS_PASSWORD && !NATS_PASSWORD_PATTERN.test(env.NATS_PASSWORD))
    problems.push("NATS_PASSWORD: must start with a letter and hold 16+ letters, digits, '-' or '_' (nats-server reads it unquoted)")
  if (env.NODE_ENV !== 'production') return problems
  if (!env.NATS_USER || !env.NATS_PASSWORD) problems.push("NATS_USER, NATS_PASSWORD: required in production (the service's own NATS user)")
  const redis = new URL(env.REDIS_URL)
  if (!redis.username || !redis.password)
    problems.push("REDIS_URL: must carry the service's Redis ACL user and password in production (redis://<user>:<password>@host:6379)")
  return problems
}

/** Ends the process with a message naming each missing credential (the service would otherwise run open). */
export function assertInfraCredentials(env: Parameters<typeof infraCredentialProblems>[0]): void {
  const problems = infraCredentialProblems(env)
  if (!problems.length) return
  console.error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  process.exit(1)
}
