import { SESSION_TTL_SECONDS } from '@plumbline/contracts'
import { parseEnv, ZBaseEnv } from '@plumbline/service-kit'
import { z } from 'zod'

// z.coerce.boolean() reads "false" as true; flags here accept only explicit words.
const zFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes')

export const ZAuthEnv = ZBaseEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  /** Public origin of the web app; mailed links point here. */
  APP_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((u) => u.replace(/\/+$/, '')),
  /** smtp://user:pass@host:587 (or smtps://). Unset: an in-process SMTP sink (never in production). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Plumbline <no-reply@plumbline.dev>'),
  /** Port of the embedded sink; 0 picks a free one. */
  MAIL_SINK_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  REGISTRATION_ENABLED: zFlag(true),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(SESSION_TTL_SECONDS),
  /** Seeds the demo organisation and accounts (npm start). */
  SEED_DEMO: zFlag(false),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'must be set in production (the embedded mail sink is for development only)' })
  }
})
export type AuthEnv = z.infer<typeof ZAuthEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZAuthEnv, source)
