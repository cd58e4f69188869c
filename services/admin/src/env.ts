import { parseEnv, withProductionChecks, ZBaseEnv } from '@plumbline/service-kit'
import { z } from 'zod'

// z.coerce.boolean() reads "false" as true; flags here accept only explicit words.
const zFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes')

export const ZAdminEnv = withProductionChecks(
  ZBaseEnv.extend({
    PORT: z.coerce.number().int().default(4006),
    /** The web app's public origin: links in notification e-mails (no trailing slash). */
    APP_URL: z
      .string()
      .url()
      .default('http://localhost:3000')
      .transform((u) => u.replace(/\/+$/, '')),
    /** Monthly limits of the default plan; -1 means unlimited (spec 000 §9). */
    DEFAULT_ESTIMATES_LIMIT: z.coerce.number().int().min(-1).default(50),
    DEFAULT_PDF_LIMIT: z.coerce.number().int().min(-1).default(100),
    DEFAULT_AI_LIMIT: z.coerce.number().int().min(-1).default(200),
    /** Seeds the demo organisation's company settings (npm start). */
    SEED_DEMO: zFlag(false),
    /** A trace viewer's address with {traceId} where the id goes (Jaeger: http://localhost:16686/trace/{traceId}); errors link there. */
    TRACE_VIEWER_URL: z.string().url().includes('{traceId}').optional(),
    /**
     * Prometheus' HTTP API (http://prometheus:9090/): the monitoring page's rates, error ratio and
     * history come from it when set, else from the samples admin keeps in its own schema.
     */
    PROMETHEUS_URL: z.string().url().optional(),
    /** How often the monitoring history samples every service (seconds). */
    MONITORING_SAMPLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  }),
)
export type AdminEnv = z.infer<typeof ZAdminEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZAdminEnv, source)
