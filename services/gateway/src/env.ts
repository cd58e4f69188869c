import { parseEnv, ZBaseEnv } from '@plumbline/service-kit'
import { z } from 'zod'

const MB = 1024 * 1024
const url = (fallback: string) => z.string().url().default(fallback)

/** Remote manifests the shell loads when REMOTES_JSON is not given (local `npm start` ports). */
export const DEFAULT_REMOTES = {
  estimates: 'http://localhost:3101/mf-manifest.json',
  share: 'http://localhost:3102/mf-manifest.json',
  meetings: 'http://localhost:3103/mf-manifest.json',
  settings: 'http://localhost:3104/mf-manifest.json',
  admin: 'http://localhost:3105/mf-manifest.json',
}

const ZRemotes = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return DEFAULT_REMOTES
    try {
      return z.record(z.string(), z.string()).parse(JSON.parse(raw))
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of remote name to manifest URL' })
      return z.NEVER
    }
  })

export const ZGatewayEnv = ZBaseEnv.extend({
  PORT: z.coerce.number().int().min(0).default(3000),
  /** The browser-facing origin; state-changing requests must come from it (or the request's own host). */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /** express `trust proxy`: whose X-Forwarded-For decides the client IP used by rate limits. */
  TRUST_PROXY: z.string().default('loopback'),
  AUTH_URL: url('http://127.0.0.1:4001'),
  ESTIMATES_URL: url('http://127.0.0.1:4002'),
  AI_URL: url('http://127.0.0.1:4003'),
  DOCUMENTS_URL: url('http://127.0.0.1:4004'),
  MEETINGS_URL: url('http://127.0.0.1:4005'),
  ADMIN_URL: url('http://127.0.0.1:4006'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Redis and NATS lookups on the request path give up after this and answer 503. */
  DEPENDENCY_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1 * MB),
  /** Logo uploads: documents enforces 10 MB on the file; multipart framing needs a little more. */
  UPLOAD_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(11 * MB),
  /** Meeting recordings (multipart audio); meetings enforces its own limit on the file. */
  AUDIO_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * MB),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_PUBLIC_ESTIMATE: z.coerce.number().int().positive().default(60),
  /** AI calls per organisation per window: a runaway script in one tenant cannot spend everyone's model budget. */
  RATE_LIMIT_AI: z.coerce.number().int().positive().default(30),
  REMOTES_JSON: ZRemotes,
  /** A built shell (frontends/shell/dist) to serve for every non-API path. */
  SHELL_DIST: z.string().optional(),
})

export type GatewayEnv = z.infer<typeof ZGatewayEnv>

export const loadEnv = (source: NodeJS.ProcessEnv = process.env): GatewayEnv => parseEnv(ZGatewayEnv, source)

/** PUBLIC_ORIGIN defaults to the local port so a plain `npm start` accepts its own pages. */
export const publicOriginOf = (env: GatewayEnv) => env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`
