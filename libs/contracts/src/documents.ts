import { z } from 'zod'

// Documents service contracts: stored files (logos, PDFs), PDF rendering, logo upload (spec 001 §3, §7).

/** POST …/estimates/{id}/generate-pdf: a short-lived signed link for the same organisation. */
export const ZGeneratePdfResponse = z.object({ downloadUrl: z.string() })
export const PDF_LINK_TTL_SECONDS = 300

/** GET /documents/files/{fileId}: the signed link's query (the gateway scopes the caller to `organizationId`). */
export const ZDownloadQuery = z.object({
  organizationId: z.string({ error: 'organizationId is required' }).min(1).max(64),
  expires: z.coerce.number({ error: 'expires must be a number' }).int().min(0).max(1e11),
  signature: z.string({ error: 'signature is required' }).min(1).max(256),
})

/** POST …/company-settings/logo (multipart field `logo`) answers the stored logo's fields. */
export const ZLogoUploadResponse = z.object({ logoFileName: z.string(), logoMimeType: z.string(), logoFileSize: z.number().int() })
export const LOGO_MAX_BYTES = 10 * 1024 * 1024
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/jpg'] as const
/** The spec's two upload messages (spec 001 §8). */
export const LogoMessages = {
  invalidType: 'Invalid file type - Please select a PNG or JPEG image',
  tooLarge: 'File too large - Please select a file smaller than 10MB',
} as const

/** problem+json codes of the documents service. */
export const DocumentErrorCode = {
  PDF_LIMIT_REACHED: 'PDF_LIMIT_REACHED',
  LINK_EXPIRED: 'LINK_EXPIRED',
  INVALID_LOGO: 'INVALID_LOGO',
} as const

/** Data of documents.pdf.generated.v1 (admin counts PDF usage from it). */
export const ZPdfGeneratedV1 = z.object({ estimateId: z.string(), fileId: z.string(), pages: z.number().int() })
export type PdfGeneratedV1 = z.infer<typeof ZPdfGeneratedV1>

/** rpc.admin.company-settings.logo.set: documents records (or clears) the uploaded logo's fields. */
export const ZSetCompanyLogoRequest = z.object({
  orgId: z.string(),
  /** fileId: the documents service's file (admin keeps it as the presence flag `logoFileData`). */
  logo: z.object({ fileName: z.string(), mimeType: z.string(), size: z.number().int(), fileId: z.string().optional() }).nullable(),
})
export type SetCompanyLogoRequest = z.infer<typeof ZSetCompanyLogoRequest>
export const ZSetCompanyLogoReply = z.object({ ok: z.boolean() })

/** rpc.documents.logo-url.fetch: admin asks documents to fetch a logo URL safely before saving it. */
export const ZFetchLogoUrlRequest = z.object({ orgId: z.string(), url: z.string() })
export const ZFetchLogoUrlReply = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), message: z.string() })])
export type FetchLogoUrlReply = z.infer<typeof ZFetchLogoUrlReply>
