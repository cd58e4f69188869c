import { parseEnv, withProductionChecks, ZBaseEnv } from '@plumbline/service-kit'
import { z } from 'zod'

const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback)

/**
 * Settings of the ai service.
 *
 * Which writer answers: AI_PROVIDER=builtin|openai. Unset, it is `openai` when OPENAI_API_KEY is
 * set and the embedded, deterministic `builtin` writer otherwise, so a fresh checkout works with
 * no account and no network, and setting a key is all it takes to use a model. OPENAI_BASE_URL
 * points the openai provider at any OpenAI-compatible server (a local one needs no key).
 */
export const ZAiEnv = withProductionChecks(
  ZBaseEnv.extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4003),
    AI_PROVIDER: z.enum(['builtin', 'openai']).optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    /** e.g. http://127.0.0.1:11434/v1 for a local OpenAI-compatible server. */
    OPENAI_BASE_URL: z.string().url().optional(),
    OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    /** One provider call; a slower answer counts as a failed attempt. */
    OPENAI_TIMEOUT_MS: int(60_000, 100, 600_000),
    /** Attempts per provider call on 429, 5xx, timeouts and connection errors (then the call fails). */
    AI_MAX_ATTEMPTS: int(3, 1, 10),
    /** First retry delay; each further one doubles, with ±50 % jitter. */
    AI_RETRY_BASE_MS: int(1000, 0, 60_000),
    /** Jobs one process (one replica) runs at once. */
    AI_WORKER_CONCURRENCY: int(2, 1, 64),
    /**
     * Replicas the deployment may run at most. The worker's durable consumer is shared by every
     * replica and its max_ack_pending caps jobs in flight cluster-wide, so it is set to
     * AI_WORKER_CONCURRENCY × this: each replica added brings its own AI_WORKER_CONCURRENCY.
     */
    AI_WORKER_MAX_REPLICAS: int(16, 1, 1024),
    /** How long a worker holds a running job without renewing; also the job message's ack wait. */
    AI_JOB_LEASE_MS: int(30_000, 1_000, 600_000),
    /** Deliveries of one job message before the job is failed for good (a job that kills its worker). */
    AI_JOB_MAX_DELIVERIES: int(10, 1, 100),
    /** Finished jobs (with the estimate data they were written from) are deleted after this many days. */
    AI_JOB_RETENTION_DAYS: int(7, 1, 3650),
  }).superRefine((env, ctx) => {
    if (env.AI_PROVIDER === 'openai' && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPENAI_API_KEY'],
        message: 'AI_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL of a server that needs none)',
      })
    }
  }),
)
export type AiEnv = z.infer<typeof ZAiEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZAiEnv, source)

/** The provider the settings select (see ZAiEnv). */
export const selectedProvider = (env: Pick<AiEnv, 'AI_PROVIDER' | 'OPENAI_API_KEY'>): 'builtin' | 'openai' =>
  env.AI_PROVIDER ?? (env.OPENAI_API_KEY ? 'openai' : 'builtin')
