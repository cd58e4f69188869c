import { z } from 'zod'
import { decimalField, NUMERIC_COLUMNS } from './decimals.js'
import { ZReminderSettings } from './estimate-sending.js'
import { REMINDER_DEFAULTS } from './estimate-sending-text.js'
import { DEFAULT_VARIANCE_PERCENTAGE } from './money/variance.js'
import { nameText } from './text.js'

// Company settings (spec 001 §3), owned by the admin service. GET answers every field with its
// default; PUT takes any subset. `logoFileData` is only a presence flag on the wire: the bytes
// live in the documents service and are served at …/company-settings/logo/view.

const jsonObject = (field: string) =>
  z.union([z.record(z.string(), z.unknown()), z.string()]).transform((v, ctx) => {
    if (typeof v !== 'string') return v
    try {
      const parsed = JSON.parse(v) as unknown
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: 'custom', message: `${field} must be a valid JSON object` })
    return z.NEVER
  })

export const ZCompanySettings = z.object({
  companyName: z.string().nullable(),
  companyEmail: z.string().nullable(),
  companyPhone: z.string().nullable(),
  companyAddress: z.string().nullable(),
  contractorLicense: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoFileData: z.boolean(),
  logoFileName: z.string().nullable(),
  logoMimeType: z.string().nullable(),
  logoFileSize: z.number().int().nullable(),
  autoGenerateAI: z.boolean(),
  aiPromptTemplate: z.string().nullable(),
  varianceRangePercentage: z.string(),
  brandingColors: z.record(z.string(), z.unknown()),
  estimateTemplateSettings: z.record(z.string(), z.unknown()),
  enableLineItems: z.boolean(),
  enableCostByType: z.boolean(),
  enableSections: z.boolean(),
  enableBusinessInsights: z.boolean(),
  enableMarkupProfiles: z.boolean(),
  /** The follow-up reminders an estimate sent from the app gets unless the send says otherwise. */
  reminders: ZReminderSettings.default({ ...REMINDER_DEFAULTS }),
})
export type CompanySettings = z.infer<typeof ZCompanySettings>

export const COMPANY_SETTINGS_DEFAULTS: CompanySettings = {
  companyName: null,
  companyEmail: null,
  companyPhone: null,
  companyAddress: null,
  contractorLicense: null,
  website: null,
  logoUrl: null,
  logoFileData: false,
  logoFileName: null,
  logoMimeType: null,
  logoFileSize: null,
  autoGenerateAI: true,
  aiPromptTemplate: null,
  varianceRangePercentage: DEFAULT_VARIANCE_PERCENTAGE,
  brandingColors: {},
  estimateTemplateSettings: {},
  enableLineItems: false,
  enableCostByType: false,
  enableSections: false,
  enableBusinessInsights: false,
  enableMarkupProfiles: false,
  reminders: { ...REMINDER_DEFAULTS },
}

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional()
export const ZCompanySettingsPatch = z
  .object({
    companyName: nameText(optionalText(200)),
    companyEmail: z
      .union([z.literal(''), z.string().trim().toLowerCase().email('Please enter a valid email')])
      .nullable()
      .optional(),
    companyPhone: optionalText(50),
    companyAddress: optionalText(500),
    contractorLicense: optionalText(100),
    // Only web addresses: the website becomes a link on estimates and PDFs, where `javascript:` would run.
    website: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .url({ protocol: /^https?$/, message: 'Please enter a valid URL' })
          .max(500),
      ])
      .nullable()
      .optional(),
    logoUrl: z
      .union([z.literal(''), z.string().trim().url('Please enter a valid URL').max(2000)])
      .nullable()
      .optional(),
    autoGenerateAI: z.boolean().optional(),
    aiPromptTemplate: z.string().max(20_000).nullable().optional(),
    varianceRangePercentage: decimalField(NUMERIC_COLUMNS.percentage, {
      message: 'Variance must be a number',
      min: '0',
      max: '100',
      rangeMessage: 'Variance must be between 0 and 100',
    }).optional(),
    brandingColors: jsonObject('Branding colours').optional(),
    estimateTemplateSettings: jsonObject('Template settings').optional(),
    enableLineItems: z.boolean().optional(),
    enableCostByType: z.boolean().optional(),
    enableSections: z.boolean().optional(),
    enableBusinessInsights: z.boolean().optional(),
    enableMarkupProfiles: z.boolean().optional(),
    reminders: ZReminderSettings.optional(),
  })
  .strict()
export type CompanySettingsPatch = z.infer<typeof ZCompanySettingsPatch>

/** Quota check (request/reply to the admin service) before a counted action. */
export const QUOTA_KINDS = ['estimates', 'pdf', 'ai'] as const
export const ZQuotaCheckRequest = z.object({ orgId: z.string(), kind: z.enum(QUOTA_KINDS) })
export const ZQuotaCheckReply = z.object({ allowed: z.boolean(), used: z.number().int(), limit: z.number().int() })
export type QuotaCheckReply = z.infer<typeof ZQuotaCheckReply>
export type QuotaKind = (typeof QUOTA_KINDS)[number]

/**
 * Core NATS notice from the admin service: an organisation's limits changed (a subscription
 * override set or removed) or its usage was given back (an estimate deleted in the month it was
 * made), so quota answers cached by the services (service-kit's checkQuota) no longer hold.
 */
export const QuotaSubjects = { limitsChanged: 'quota.limits.changed.v1' } as const
export const ZQuotaLimitsChangedV1 = z.object({ orgId: z.string() })
export type QuotaLimitsChangedV1 = z.infer<typeof ZQuotaLimitsChangedV1>

/**
 * The one refusal of a used-up monthly quota, the same in every service (service-kit's
 * `checkQuota`): status 429 (the request is fine, the organisation has used its allowance for
 * now) with problem+json `code` from QUOTA_LIMIT_CODES and `detail`/`message` from
 * quotaLimitMessage, e.g. "Monthly PDF limit reached (5 of 5). Upgrade your plan or wait until next month."
 */
export const QUOTA_LIMIT_STATUS = 429
export const QUOTA_LIMIT_CODES = { estimates: 'ESTIMATE_LIMIT_REACHED', pdf: 'PDF_LIMIT_REACHED', ai: 'AI_LIMIT_REACHED' } as const satisfies Record<
  QuotaKind,
  string
>
const QUOTA_LABELS: Record<QuotaKind, string> = { estimates: 'estimate', pdf: 'PDF', ai: 'AI generation' }
export const quotaLimitMessage = (kind: QuotaKind, used: number, limit: number) =>
  `Monthly ${QUOTA_LABELS[kind]} limit reached (${used} of ${limit}). Upgrade your plan or wait until next month.`

/** Company facts other services need now (estimate detail, public page, PDF). */
export const ZCompanySettingsRequest = z.object({ orgId: z.string() })

/** The settings Activity tab (spec 001 §3); GET /organizations/{orgId}/activities answers the newest first. */
export const ACTIVITY_TYPES = [
  'estimate_created',
  'estimate_updated',
  'estimate_approved',
  'estimate_shared',
  'meeting_created',
  'meeting_completed',
  'team_member',
] as const
export const ZActivityType = z.enum(ACTIVITY_TYPES)
export type ActivityType = z.infer<typeof ZActivityType>
export const ZActivity = z.object({
  id: z.string(),
  type: ZActivityType,
  action: z.string(),
  target: z.string(),
  createdAt: z.string(),
  /** Who did it, as far as the admin service knows; every field null for system or client actions. */
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string().nullable() }),
})
export type Activity = z.infer<typeof ZActivity>
export const ZActivityList = z.array(ZActivity)
/** Paging of the feed: a page shorter than `limit` is the last one. */
export const ACTIVITY_PAGE_LIMIT = 50
export const ZActivityQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ACTIVITY_PAGE_LIMIT),
})
export type ActivityQuery = z.infer<typeof ZActivityQuery>
