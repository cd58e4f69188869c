import { z } from 'zod'
import { COMMENT_LIMITS } from './estimate-comments-text.js'

/** One envelope for every event on the bus (DESIGN §4). */
export const ZEventEnvelope = z.object({
  id: z.string().uuid(),
  type: z.string(),
  occurredAt: z.string(),
  orgId: z.string().nullable(),
  actorId: z.string().nullable(),
  correlationId: z.string().nullable(),
  data: z.unknown(),
})
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof ZEventEnvelope>, 'data'> & { data: T }

/** Streams: one per owning service, capturing `<owner>.>`. */
export const STREAMS = {
  AUTH: 'auth',
  ESTIMATES: 'estimates',
  AI: 'ai',
  DOCUMENTS: 'documents',
  MEETINGS: 'meetings',
  ADMIN: 'admin',
} as const

/** Subjects `<owner>.<aggregate>.<past-verb>.v<major>`. */
export const Subjects = {
  userRegistered: 'auth.user.registered.v1',
  userVerified: 'auth.user.verified.v1',
  userDeleted: 'auth.user.deleted.v1',
  organizationCreated: 'auth.organization.created.v1',
  /** An existing account joined an organisation by accepting an invitation. */
  memberJoined: 'auth.member.joined.v1',
  /** A platform admin acted on accounts; the admin service keeps the audit log. */
  adminActionRecorded: 'auth.admin-action.recorded.v1',
  estimateCreated: 'estimates.estimate.created.v1',
  estimateUpdated: 'estimates.estimate.updated.v1',
  estimateShared: 'estimates.estimate.shared.v1',
  estimateViewed: 'estimates.estimate.viewed.v1',
  estimateApproved: 'estimates.estimate.approved.v1',
  estimateRejected: 'estimates.estimate.rejected.v1',
  /** The client asked for changes on the share link (ZEstimateChangeRequestedV1). */
  estimateChangeRequested: 'estimates.estimate.change-requested.v1',
  estimateDeleted: 'estimates.estimate.deleted.v1',
  lineItemsChanged: 'estimates.line-items.changed.v1',
  aiGenerationCompleted: 'ai.generation.completed.v1',
  pdfGenerated: 'documents.pdf.generated.v1',
} as const

/** Request/reply subjects (core NATS) where an answer is needed now. */
export const RequestSubjects = {
  resolveIdentity: 'rpc.auth.identity.resolve',
  quotaCheck: 'rpc.admin.quota.check',
  companySettings: 'rpc.admin.company-settings.get',
  setCompanyLogo: 'rpc.admin.company-settings.logo.set',
  estimateDocument: 'rpc.estimates.document.get',
  fetchLogoUrl: 'rpc.documents.logo-url.fetch',
  summarizeMeeting: 'rpc.ai.meeting.summarize',
  /** The documents service renders an estimate's PDF for a mail attachment (the mailer asks). */
  estimatePdf: 'rpc.documents.estimate-pdf.render',
} as const

/** Names are optional so events published before they were added still parse. */
export const ZUserRegisteredV1 = z.object({
  userId: z.string(),
  email: z.string(),
  organizationId: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
})
export const ZOrganizationCreatedV1 = z.object({ organizationId: z.string(), name: z.string(), ownerId: z.string() })

/** Data of every estimates.estimate.* event: enough for activity feeds and usage counters. */
export const ZEstimateEventV1 = z.object({ estimateId: z.string(), projectName: z.string(), clientName: z.string(), status: z.string() })

/** Data of estimates.estimate.change-requested.v1: the estimate's, and the client's message (for the contractor's e-mail). */
export const ZEstimateChangeRequestedV1 = ZEstimateEventV1.extend({ commentId: z.string(), message: z.string().max(COMMENT_LIMITS.body) })
