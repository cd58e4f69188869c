import { z } from 'zod'

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
  membershipChanged: 'auth.membership.changed.v1',
} as const

/** Request/reply subjects (core NATS) where an answer is needed now. */
export const RequestSubjects = {
  resolveIdentity: 'rpc.auth.identity.resolve',
  quotaCheck: 'rpc.admin.quota.check',
} as const

export const ZUserRegisteredV1 = z.object({ userId: z.string(), email: z.string(), organizationId: z.string() })
export const ZOrganizationCreatedV1 = z.object({ organizationId: z.string(), name: z.string(), ownerId: z.string() })
