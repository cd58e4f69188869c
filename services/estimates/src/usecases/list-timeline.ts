import type { TimelineEntry, TimelineKind } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findLiveEstimate } from '../data/estimates-repo.js'
import { listTimeline } from '../data/timeline-repo.js'
import type { EstimatesDeps } from '../deps.js'

/** GET …/estimates/{id}/timeline: newest first. */
export async function getTimeline(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<TimelineEntry[]> {
  await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  const rows = await listTimeline(deps.prisma, ctx.orgId, estimateId)
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as TimelineKind,
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    summary: r.summary,
    details: (r.details ?? {}) as Record<string, unknown>,
    createdAt: r.createdAt.toISOString(),
  }))
}
