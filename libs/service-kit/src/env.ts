import { z } from 'zod'

/** Settings every service reads; each service extends this with its own. */
export const ZBaseEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
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
  IDENTITY_SECRET: z.string().min(32).default('dev-only-identity-secret-change-me-0123456789'),
})
export type BaseEnv = z.infer<typeof ZBaseEnv>

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

export function assertProductionSecrets(env: BaseEnv): void {
  if (env.NODE_ENV === 'production' && env.IDENTITY_SECRET.startsWith('dev-only')) {
    console.error('Invalid configuration:\n  IDENTITY_SECRET: must be set in production')
    process.exit(1)
  }
}
