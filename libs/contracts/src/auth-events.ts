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
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  receivedAt: z.string(),
})
export type DevMail = z.infer<typeof ZDevMail>
