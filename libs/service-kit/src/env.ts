import { z } from 'zod'
import { type IdentityKeySet, type IdentitySigningKey, identityKeySet, loadPublicKeys, loadSigningKey } from './identity-keys.js'

/** Where a service listens when HOST is not set (development and test only). */
export const DEVELOPMENT_HOST = '127.0.0.1'

/** Settings every service reads; each service extends this with its own and wraps it in withProductionChecks. */
export const ZBaseEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Interface to listen on. Development defaults to loopback; production must say (see withProductionChecks). */
  HOST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/plumbline'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** May carry the service's ACL user and password (required in production): redis://<user>:<password>@host:6379. */
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** The service's own NATS user (required in production; see libs/messaging/src/permissions.ts). */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  /** Isolates subjects/streams (NATS) and keys (Redis) of one deployment or test run. */
  BUS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/)
    .default(''),
  REDIS_PREFIX: z.string().default('plumbline:'),
  /** The gateway's public identity keys as a JWKS (`{"keys":[{kty,crv,x,kid}]}`); development and test derive one. */
  IDENTITY_PUBLIC_KEYS: z.string().optional(),
  /** The same in a file, re-read every IDENTITY_KEYS_REFRESH_SECONDS and on an unknown key id (rotation without restart). */
  IDENTITY_PUBLIC_KEYS_FILE: z.string().optional(),
  IDENTITY_KEYS_REFRESH_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Connections of this process's PostgreSQL pool. The sum over every replica of every service
   * must stay under the server's max_connections (100 by default): see deploy/README.md.
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** JetStream: events older than this leave the service's stream (0 keeps them forever). */
  STREAM_MAX_AGE_HOURS: z.coerce.number().int().min(0).max(87_600).default(336),
  /** JetStream: size cap of the service's stream in bytes (-1: none); the oldest go first, consumed or not. */
  STREAM_MAX_BYTES: z.coerce.number().int().min(-1).default(-1),
  /** JetStream: replicas of the service's stream (1 on a single server; 3 in a cluster). */
  STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Published outbox rows are deleted after this many hours (unpublished ones never). */
  OUTBOX_RETENTION_HOURS: z.coerce.number().int().min(1).max(87_600).default(72),
})
type BaseEnvInput = z.infer<typeof ZBaseEnv>
export type BaseEnv = BaseEnvInput & { HOST: string }

/**
 * Values that must never guard production: the development defaults in this repository, the
 * placeholders of the deployment examples, and the test suite's keys.
 */
const PLACEHOLDER = /dev-only|development|change[-_ ]?me|placeholder|example|insecure|not-a-secret|test-|secret-of|^(x+|0+|secret|password)$/i
const MIN_SECRET_LENGTH = 32

/** Why `value` cannot protect production, or undefined when it can. Base64 values are checked decoded as well. */
export function weakSecretProblem(value: string | undefined): string | undefined {
  if (!value) return 'must be set in production'
  if (value.length < MIN_SECRET_LENGTH) return `must be at least ${MIN_SECRET_LENGTH} characters in production`
  const decoded = /^[A-Za-z0-9+/_-]+=*$/.test(value) ? Buffer.from(value, 'base64').toString('latin1') : ''
  if (PLACEHOLDER.test(value) || PLACEHOLDER.test(decoded)) return 'is a placeholder or development value; generate one (openssl rand -base64 32)'
  if (new Set(value).size < 10) return 'is too simple; generate one (openssl rand -base64 32)'
  return undefined
}

type ProductionOptions = {
  /** Env keys holding secrets (HMAC keys, encryption keys); each must pass weakSecretProblem in production. */
  secrets?: string[]
  /** The gateway: it signs identities, so it needs the private key instead of the public set. */
  signsIdentity?: boolean
}

function identityKeyProblem(env: Record<string, unknown>, signs: boolean): string | undefined {
  try {
    if (signs)
      loadSigningKey({ inline: env.IDENTITY_SIGNING_KEY as string | undefined, file: env.IDENTITY_SIGNING_KEY_FILE as string | undefined, mode: 'production' })
    else
      loadPublicKeys({ inline: env.IDENTITY_PUBLIC_KEYS as string | undefined, file: env.IDENTITY_PUBLIC_KEYS_FILE as string | undefined, mode: 'production' })
    return undefined
  } catch (err) {
    return err instanceof z.ZodError || err instanceof SyntaxError ? 'is not a valid Ed25519 JWK (set)' : (err as Error).message
  }
}

/**
 * The one production gate every service's env goes through: in production HOST must be given,
 * the identity keys must be configured (and not the public development/test ones), demo seeding
 * is refused, and every named secret must be present, long and not a known placeholder. Development and test keep
 * their defaults, so `npm start` and the tests need no setup.
 */
export function withProductionChecks<T extends z.ZodType<BaseEnvInput>>(schema: T, options: ProductionOptions = {}) {
  return schema
    .superRefine((value, ctx) => {
      const env = value as Record<string, unknown> & BaseEnvInput
      if (env.NODE_ENV !== 'production') return
      if (!env.HOST) ctx.addIssue({ code: 'custom', path: ['HOST'], message: 'must be set in production (the interface to listen on)' })
      const keyName = options.signsIdentity ? 'IDENTITY_SIGNING_KEY' : 'IDENTITY_PUBLIC_KEYS'
      const keyProblem = identityKeyProblem(env, options.signsIdentity ?? false)
      if (keyProblem) ctx.addIssue({ code: 'custom', path: [keyName], message: keyProblem })
      // Demo seeding creates accounts whose passwords are printed in the README.
      if (env.SEED_DEMO === true)
        ctx.addIssue({ code: 'custom', path: ['SEED_DEMO'], message: 'must not be set in production (it creates accounts with public passwords)' })
      for (const name of options.secrets ?? []) {
        const problem = weakSecretProblem(env[name] as string | undefined)
        if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem })
      }
    })
    .transform((env) => ({ ...env, HOST: env.HOST ?? DEVELOPMENT_HOST }) as z.output<T> & { HOST: string })
}

/**
 * The only way a service reads its configuration. Invalid settings end the process with a
 * message naming each bad variable, because a half-configured service is worse than none.
 */
export function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(source)
  if (result.success) return result.data
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
  console.error(`Invalid configuration:\n${lines.join('\n')}`)
  process.exit(1)
}

const modeOf = (env: BaseEnvInput) => env.NODE_ENV

/** The public keys a service verifies identity tokens with (a file is followed for rotation). */
export function identityKeysFromEnv(env: BaseEnvInput): IdentityKeySet {
  return identityKeySet({ inline: env.IDENTITY_PUBLIC_KEYS, file: env.IDENTITY_PUBLIC_KEYS_FILE, mode: modeOf(env) }, env.IDENTITY_KEYS_REFRESH_SECONDS * 1000)
}

/** The gateway's private signing key. */
export function signingKeyFromEnv(env: BaseEnvInput & { IDENTITY_SIGNING_KEY?: string; IDENTITY_SIGNING_KEY_FILE?: string }): IdentitySigningKey {
  return loadSigningKey({ inline: env.IDENTITY_SIGNING_KEY, file: env.IDENTITY_SIGNING_KEY_FILE, mode: modeOf(env) })
}
