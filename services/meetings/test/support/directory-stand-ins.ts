import {
  type EstimateDocumentReply,
  RequestSubjects,
  type SessionIdentity,
  SYSTEM_ROLE_PERMISSIONS,
  ZEstimateDocumentRequest,
  ZResolveIdentityRequest,
} from '@plumbline/contracts'
import { type Bus, type Replier, reply } from '@plumbline/messaging'

/**
 * Stand-ins for the two services a task's links are checked with, on the test's own bus prefix:
 * estimates (rpc.estimates.document.get: found or not; the meetings service reads only that, so
 * no document is sent) and auth (rpc.auth.identity.resolve: the user's organisations).
 */
export type DirectoryStandIns = {
  /** orgId → its estimate ids. */
  estimates: Map<string, Set<string>>
  /** userId → the organisations they belong to. */
  members: Map<string, string[]>
  addEstimate(orgId: string, estimateId: string): string
  addMember(orgId: string, userId: string): string
  stop(): Promise<void>
}

export function startDirectoryStandIns(bus: Bus): DirectoryStandIns {
  const estimates = new Map<string, Set<string>>()
  const members = new Map<string, string[]>()
  const repliers: Replier[] = [
    reply(
      bus,
      RequestSubjects.estimateDocument,
      async ({ orgId, estimateId }) => ({ found: estimates.get(orgId)?.has(estimateId) ?? false }) as EstimateDocumentReply,
      ZEstimateDocumentRequest,
    ),
    reply(
      bus,
      RequestSubjects.resolveIdentity,
      async ({ userId }): Promise<SessionIdentity | null> => {
        const orgs = members.get(userId)
        if (!orgs) return null
        const memberships = orgs.map((orgId) => ({ orgId, orgName: orgId, role: 'Member', permissions: SYSTEM_ROLE_PERMISSIONS.Member }))
        return { userId, email: `${userId}@example.com`, systemRole: 'user', memberships }
      },
      ZResolveIdentityRequest,
    ),
  ]
  return {
    estimates,
    members,
    addEstimate(orgId, estimateId) {
      estimates.set(orgId, new Set([...(estimates.get(orgId) ?? []), estimateId]))
      return estimateId
    },
    addMember(orgId, userId) {
      members.set(userId, [...(members.get(userId) ?? []), orgId])
      return userId
    },
    stop: async () => {
      for (const r of repliers) await r.stop()
    },
  }
}
