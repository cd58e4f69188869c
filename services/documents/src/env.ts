import { PDF_LINK_TTL_SECONDS } from '@plumbline/contracts'
import { parseEnv, ZBaseEnv } from '@plumbline/service-kit'
import { z } from 'zod'

/** Development-only key for signing download links; production must set its own. */
export const DEV_DOCUMENT_LINK_SECRET = 'dev-only-document-link-secret-change-me-0123456789'

export const ZDocumentsEnv = ZBaseEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  /** HMAC-SHA256 key of the short-lived PDF download links (at least 32 characters). */
  DOCUMENT_LINK_SECRET: z.string().min(32).default(DEV_DOCUMENT_LINK_SECRET),
  /** How long a generated PDF's download link stays valid. */
  PDF_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(PDF_LINK_TTL_SECONDS),
  /** Generated PDFs are kept this long, then pruned (a new link renders again anyway). */
  PDF_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /** Whole budget of one logo URL fetch (DNS, connect, redirects, body). */
  LOGO_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && env.DOCUMENT_LINK_SECRET === DEV_DOCUMENT_LINK_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['DOCUMENT_LINK_SECRET'], message: 'must be set in production (the default is for development only)' })
  }
})
export type DocumentsEnv = z.infer<typeof ZDocumentsEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZDocumentsEnv, source)
