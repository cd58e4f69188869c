import { isIP } from 'node:net'
import { REMOTE_DEV_PORTS, REMOTE_NAMES } from '@plumbline/contracts/remotes'
import { parseEnv, withProductionChecks, ZBaseEnv } from '@plumbline/service-kit'
import { z } from 'zod'

const MB = 1024 * 1024

/**
 * The slowest upload link the gateway waits for: 1 Mbit/s. A meeting recording at
 * AUDIO_BODY_LIMIT_BYTES (501 MiB) takes about 70 minutes at this speed.
 */
export const SLOWEST_UPLOAD_BYTES_PER_SECOND = 125_000
const url = (fallback: string) => z.string().url().default(fallback)

/** Remote manifests the shell loads when REMOTES_JSON is not given (local `npm start` ports). */
export const DEFAULT_REMOTES: Record<string, string> = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `http://localhost:${REMOTE_DEV_PORTS[name]}/mf-manifest.json`]),
)

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

const NAMED_SUBNETS = new Set(['loopback', 'linklocal', 'uniquelocal'])
const isSubnet = (entry: string) => {
  if (NAMED_SUBNETS.has(entry)) return true
  const [address, bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length) return false
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
}

/**
 * Which peers may tell the gateway the client's address in X-Forwarded-For. Unset (or `false`):
 * nobody, the socket's peer is the client, so a client cannot pick its own rate-limit bucket.
 * Behind a proxy set either the proxies' addresses/CIDRs (`10.0.0.0/8,192.168.1.5`; the named
 * sets loopback, linklocal, uniquelocal also work), or the number of proxy hops in front of the
 * gateway (`1` behind one ingress). `true` (trust anyone) is refused: it makes XFF spoofable.
 */
export const ZTrustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = raw?.trim() ?? ''
    if (value === '' || value === 'false') return false
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value.split(',').map((e) => e.trim())
    if (entries.every(isSubnet)) return entries
    ctx.addIssue({ code: 'custom', message: 'must be false, a hop count, or a comma-separated list of proxy addresses/CIDRs (true is refused)' })
    return z.NEVER
  })

export const ZGatewayEnv = withProductionChecks(
  ZBaseEnv.extend({
    /** Private Ed25519 JWK (with kid) that signs identity tokens; development and test derive one. */
    IDENTITY_SIGNING_KEY: z.string().optional(),
    /** The same in a file (a mounted secret). */
    IDENTITY_SIGNING_KEY_FILE: z.string().optional(),
    PORT: z.coerce.number().int().min(0).default(3000),
    /** The browser-facing origin; state-changing requests must come from it (or the request's own host). */
    PUBLIC_ORIGIN: z.string().url().optional(),
    /** Whose X-Forwarded-For decides the client IP used by rate limits (see ZTrustProxy). */
    TRUST_PROXY: ZTrustProxy,
    /** The internal listener (/metrics, /readyz); never route it publicly. Unset port: PORT + 1000. */
    INTERNAL_HOST: z.string().min(1).default('127.0.0.1'),
    INTERNAL_PORT: z.coerce.number().int().min(0).max(65535).optional(),
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
      .default(501 * MB),
    /**
     * How long one request may take to arrive in full (node's requestTimeout; its default, 300 s,
     * would cut a large recording over a slow link). Sized for the largest upload at
     * SLOWEST_UPLOAD_BYTES_PER_SECOND; the Ingress waits at least as long.
     */
    REQUEST_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(75 * 60_000),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(5),
    RATE_LIMIT_PUBLIC_ESTIMATE: z.coerce.number().int().positive().default(60),
    /** AI calls per organisation per window: a runaway script in one tenant cannot spend everyone's model budget. */
    RATE_LIMIT_AI: z.coerce.number().int().positive().default(30),
    /** Requests per second one organisation may make through one gateway replica (security/tenant-limit.ts). */
    TENANT_RATE_PER_SECOND: z.coerce.number().positive().default(100),
    /** The bucket: how far above the rate a tenant may burst (a page load fans out to several calls). */
    TENANT_BURST: z.coerce.number().int().positive().default(300),
    REMOTES_JSON: ZRemotes,
    /** A built shell (frontends/shell/dist) to serve for every non-API path. */
    SHELL_DIST: z.string().optional(),
    /**
     * The previous release's shell build (the image carries it, deploy/docker/service.Dockerfile):
     * its hashed chunks stay reachable, so a page loaded before a deploy can still open its screens.
     */
    SHELL_PREVIOUS_DIST: z.string().optional(),
  }),
  { signsIdentity: true },
)

export type GatewayEnv = z.infer<typeof ZGatewayEnv>

export const loadEnv = (source: NodeJS.ProcessEnv = process.env): GatewayEnv => parseEnv(ZGatewayEnv, source)

/** The internal listener's port: INTERNAL_PORT, else PORT + 1000 (beside the public port, clear of the services'). */
export const internalPortOf = (env: GatewayEnv) => env.INTERNAL_PORT ?? (env.PORT === 0 ? 0 : env.PORT + 1000)

/** PUBLIC_ORIGIN defaults to the local port so a plain `npm start` accepts its own pages. */
export const publicOriginOf = (env: GatewayEnv) => env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`
