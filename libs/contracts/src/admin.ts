import { z } from 'zod'
import { ADMIN_MESSAGES } from './admin-messages.js'
import { MIN_PASSWORD_LENGTH } from './auth.js'
import { nameText } from './text.js'

/** Platform administration (spec 001 §3 Admin user, §4 admin create user, edit membership). */

export const ZAdminCheck = z.object({ isAdmin: z.boolean() })
export type AdminCheck = z.infer<typeof ZAdminCheck>

export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  systemRole: z.enum(['user', 'admin', 'superadmin']),
  createdAt: z.string(),
  organizations: z.array(z.object({ organizationId: z.string(), organizationName: z.string() })),
})
export type AdminUser = z.infer<typeof ZAdminUser>

/** Organisations with their usable roles, for the create and membership dialogs. */
export const ZAdminOrganization = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type AdminOrganization = z.infer<typeof ZAdminOrganization>

const name = nameText(z.string().trim().max(100)).optional().default('')
const optionalId = z.string().trim().max(64).optional()

/**
 * The create payload; the same schema checks the dialog and the server, so both show the
 * spec's texts. Organisation and role are optional together: without them the user gets an
 * organisation of their own, as Owner.
 */
export const ZAdminCreateUserBody = z
  .object({
    mode: z.enum(['generate', 'custom']).default('generate'),
    email: z
      .string({ error: ADMIN_MESSAGES.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, ADMIN_MESSAGES.emailRequired)
      .max(254)
      .email('Please enter a valid email address'),
    firstName: name,
    lastName: name,
    password: z.string().max(256).optional(),
    confirmPassword: z.string().max(256).optional(),
    requirePasswordReset: z.boolean().default(true),
    organizationId: optionalId,
    roleId: optionalId,
  })
  .superRefine((v, ctx) => {
    if (v.mode !== 'custom') return
    const password = v.password ?? ''
    if (!password) ctx.addIssue({ code: 'custom', path: ['password'], message: ADMIN_MESSAGES.passwordRequired })
    else if (password.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: 'custom', path: ['password'], message: ADMIN_MESSAGES.passwordTooShort })
    else if (password !== (v.confirmPassword ?? '')) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ADMIN_MESSAGES.passwordsDiffer })
  })
export type AdminCreateUserBody = z.input<typeof ZAdminCreateUserBody>

export const ZAdminCreateUserResponse = z.object({
  userId: z.string(),
  mode: z.enum(['generate', 'custom']),
  /** Shown once; null in custom mode (the admin typed it). */
  temporaryPassword: z.string().nullable(),
})
export type AdminCreateUserResponse = z.infer<typeof ZAdminCreateUserResponse>

export const ZAdminMembershipBody = z.object({
  organizationId: z.string({ error: ADMIN_MESSAGES.membershipIncomplete }).trim().min(1, ADMIN_MESSAGES.membershipIncomplete).max(64),
  roleId: z.string({ error: ADMIN_MESSAGES.membershipIncomplete }).trim().min(1, ADMIN_MESSAGES.membershipIncomplete).max(64),
})
export type AdminMembershipBody = z.infer<typeof ZAdminMembershipBody>

/** Spec 001 §3 Subscription override row. Limits: -1 unlimited. */
export const ZSubscriptionOverrideRow = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  currentPlan: z.string(),
  estimatesUsed: z.number().int(),
  estimatesLimit: z.number().int(),
  pdfUsed: z.number().int(),
  pdfLimit: z.number().int(),
  aiUsed: z.number().int(),
  aiLimit: z.number().int(),
  overrideEstimatesPerMonth: z.number().int().nullable(),
  overridePdfGenerationsPerMonth: z.number().int().nullable(),
  overrideAiGenerationsPerMonth: z.number().int().nullable(),
  note: z.string().nullable(),
})
export type SubscriptionOverrideRow = z.infer<typeof ZSubscriptionOverrideRow>

const overrideLimit = z
  .number({ error: 'Must be a whole number of 0 or more' })
  .int('Must be a whole number of 0 or more')
  .min(0, 'Must be a whole number of 0 or more')
  .max(1_000_000_000)

/** Save payload: numbers only when filled (an absent field keeps the plan's limit), note or null. */
export const ZSubscriptionOverrideBody = z.object({
  estimatesPerMonth: overrideLimit.optional(),
  pdfGenerationsPerMonth: overrideLimit.optional(),
  aiGenerationsPerMonth: overrideLimit.optional(),
  note: z.string().trim().max(1000).nullable().optional(),
})
export type SubscriptionOverrideBody = z.infer<typeof ZSubscriptionOverrideBody>

export const ZAuditEntry = z.object({
  id: z.string(),
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof ZAuditEntry>

/** Data of Subjects.adminActionRecorded (the envelope's actorId is the admin). */
export const ZAdminActionRecordedV1 = z.object({ action: z.string(), target: z.string(), before: z.unknown().nullable(), after: z.unknown().nullable() })
export type AdminActionRecordedV1 = z.infer<typeof ZAdminActionRecordedV1>
