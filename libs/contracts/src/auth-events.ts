import { z } from 'zod'
import type { ZOrganizationCreatedV1, ZUserRegisteredV1 } from './events.js'

/** Payloads of auth events not declared in events.ts (subjects live in `Subjects`). */
export const ZUserVerifiedV1 = z.object({ userId: z.string(), email: z.string() })
export type UserVerifiedV1 = z.infer<typeof ZUserVerifiedV1>
export const ZUserDeletedV1 = z.object({ userId: z.string() })
export type UserDeletedV1 = z.infer<typeof ZUserDeletedV1>
export type UserRegisteredV1 = z.infer<typeof ZUserRegisteredV1>
export type OrganizationCreatedV1 = z.infer<typeof ZOrganizationCreatedV1>

/** Mail kept by the auth service's development SMTP sink (GET /__dev/mail). */
export const ZDevMail = z.object({
  id: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  from: z.string(),
  replyTo: z.string().nullable(),
  messageId: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  /** Headers by lower-case name (List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers: z.record(z.string(), z.string()),
  /** Fetched at GET /__dev/mail/{id}/attachments/{index}. */
  attachments: z.array(z.object({ index: z.number().int(), filename: z.string(), contentType: z.string(), size: z.number().int() })),
  receivedAt: z.string(),
})
export type DevMail = z.infer<typeof ZDevMail>
