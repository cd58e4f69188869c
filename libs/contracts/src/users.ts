import { z } from 'zod'
import { ZSystemRole } from './identity.js'

export const ZUserOrganization = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  /** The caller's permissions in this organisation (module → actions), so the UI can disable what the role cannot do. */
  permissions: z.record(z.string(), z.array(z.string())).optional(),
})
export type UserOrganization = z.infer<typeof ZUserOrganization>

export const ZCurrentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  systemRole: ZSystemRole,
  emailVerified: z.boolean(),
  requirePasswordReset: z.boolean(),
  organizations: z.array(ZUserOrganization),
})
export type CurrentUser = z.infer<typeof ZCurrentUser>

export const ZOrganizationUsage = z.object({
  estimatesUsedThisMonth: z.number().int(),
  estimatesLimit: z.number().int(),
  pdfGenerationsThisMonth: z.number().int(),
  pdfLimit: z.number().int(),
  aiGenerationsThisMonth: z.number().int(),
  aiLimit: z.number().int(),
})
export type OrganizationUsage = z.infer<typeof ZOrganizationUsage>

export const ZDashboardMetrics = z.object({ totalEstimates: z.number().int(), totalMeetings: z.number().int() })
export type DashboardMetrics = z.infer<typeof ZDashboardMetrics>
export const ZDashboardMetricsQuery = z.object({ organizationId: z.string().min(1).max(64) })

export const ZOrgIdParam = z.object({ orgId: z.string().min(1).max(64) })
