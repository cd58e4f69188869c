import { parseEnv, withProductionChecks, ZBaseEnv } from '@plumbline/service-kit'
import { z } from 'zod'

// z.coerce.boolean() reads "false" as true; flags here accept only explicit words.
const zFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** Development-only key for share-token encryption; production must set its own. */
export const DEV_SHARE_TOKEN_KEY = 'ZGV2LW9ubHktc2hhcmUtdG9rZW4ta2V5LTMyYnl0ZXM='

export const ZEstimatesEnv = withProductionChecks(
  ZBaseEnv.extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4002),
    /** AES-256-GCM key (32 bytes, base64) that encrypts share tokens at rest. */
    SHARE_TOKEN_KEY: z
      .string()
      .default(DEV_SHARE_TOKEN_KEY)
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded (openssl rand -base64 32)'),
    /** The web app's public origin: share links are `${APP_URL}/share/{token}` (no trailing slash). */
    APP_URL: z
      .string()
      .url()
      .default('http://localhost:3000')
      .transform((u) => u.replace(/\/+$/, '')),
    /** Property data over HTTP (src/property/http-provider.ts documents the protocol); unset = the embedded provider. */
    PROPERTY_DATA_URL: z.string().url().optional(),
    PROPERTY_DATA_API_KEY: z.string().optional(),
    /** Memory for remembered list pages' answers (the estimates list), in MiB; 0 turns remembering off. */
    LIST_MEMO_MB: z.coerce.number().int().min(0).max(4096).default(32),
    /** Memory for remembered sections documents (estimate detail), in MiB; 0 turns remembering off. */
    SECTIONS_MEMO_MB: z.coerce.number().int().min(0).max(4096).default(64),
    /** How often the reminder worker looks for due follow-up reminders, in seconds. */
    REMINDER_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Seeds demo estimates into the demo organisation (npm start). */
    SEED_DEMO: zFlag(false),
  }),
  { secrets: ['SHARE_TOKEN_KEY'] },
)
export type EstimatesEnv = z.infer<typeof ZEstimatesEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZEstimatesEnv, source)
