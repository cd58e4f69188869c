import { type EstimateRevision, type RevisionDiffQuery, type RevisionDiffResult, type RevisionReason, ZRevisionReason } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import type { Tx } from '../data/db.js'
import { findLiveEstimate } from '../data/estimates-repo.js'
import { findLatestRevision, findRevisions, insertRevision, listRevisionRows, type RevisionListRow } from '../data/revisions-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { diffRevisions, type RevisionSnapshot } from '../domain/revision-diff.js'
import type { PublicSnapshot } from './build-public-estimate.js'
import { snapshotHash } from './public-snapshot.js'

// Revisions: the client-visible estimate frozen at each send and at each view of the share link
// after an edit. Built from the one snapshot the share page and a signed approval use
// (buildPublicEstimate), less what is not the estimate's content (status, dates, the decision,
// the company's branding), so a diff shows only what the client could see move.

/** The team's list shows at most this many, the newest. */
export const REVISION_LIST_LIMIT = 200

/** A revision's content: the public payload's estimate fields, sections, phases and totals. */
export function revisionSnapshotOf(p: PublicSnapshot): RevisionSnapshot {
  return {
    projectName: p.projectName,
    clientName: p.clientName,
    propertyAddress: p.propertyAddress,
    squareFootage: p.squareFootage,
    projectType: p.projectType,
    totalCost: p.totalCost,
    grandTotal: p.grandTotal ?? null,
    contentSections: p.contentSections.map((c) => ({ type: c.type, title: c.title, content: c.content })),
    phases: p.phases.map((ph) => ({ id: ph.id, name: ph.name, description: ph.description, amount: ph.amount, percentage: ph.percentage })),
    sections: p.sections?.map((s) => ({ id: s.id, name: s.name, total: s.total, lineItems: s.lineItems.map((i) => ({ ...i })) })) ?? null,
  }
}

export type Freezer = { reason: RevisionReason; actorId: string | null; actorEmail: string | null; at: Date }
export type FrozenRevision = { id: string; number: number; snapshot: RevisionSnapshot; createdAt: Date }

const frozenOf = (row: { id: string; number: number; snapshot: unknown; createdAt: Date }): FrozenRevision => ({
  id: row.id,
  number: row.number,
  snapshot: row.snapshot as RevisionSnapshot,
  createdAt: row.createdAt,
})

/**
 * The estimate's current revision for `snapshot`: the latest one when it shows the same content,
 * else a new one numbered after it. The caller holds the estimate's row lock, so two freezes of
 * one estimate never race for a number.
 */
export async function freezeRevision(tx: Tx, orgId: string, estimateId: string, snapshot: RevisionSnapshot, by: Freezer): Promise<FrozenRevision> {
  const contentSha256 = snapshotHash(snapshot)
  const latest = await findLatestRevision(tx, orgId, estimateId)
  if (latest?.contentSha256 === contentSha256) return frozenOf(latest)
  const row = await insertRevision(tx, orgId, estimateId, {
    number: (latest?.number ?? 0) + 1,
    reason: by.reason,
    actorId: by.actorId,
    actorEmail: by.actorEmail,
    snapshot,
    contentSha256,
    createdAt: by.at,
  })
  return frozenOf(row)
}

const reasonOf = (r: string): RevisionReason => (ZRevisionReason.safeParse(r).success ? (r as RevisionReason) : 'viewed')

function revisionOf(row: RevisionListRow): EstimateRevision {
  return {
    id: row.id,
    number: row.number,
    reason: reasonOf(row.reason),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    createdAt: row.created_at.toISOString(),
    totalCost: row.total_cost,
    grandTotal: row.grand_total,
  }
}

/** GET …/estimates/{id}/revisions: newest first, who froze each (a member's send, or the client's view) and when. */
export async function listRevisions(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<EstimateRevision[]> {
  await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  const rows = await listRevisionRows(deps.prisma, ctx.orgId, estimateId, REVISION_LIST_LIMIT)
  return rows.map(revisionOf)
}

/** GET …/estimates/{id}/revisions/diff?from=&to=: what changed from one of the estimate's revisions to another (either order); 404 for a revision it does not have. */
export async function diffEstimateRevisions(deps: EstimatesDeps, ctx: OrgContext, estimateId: string, query: RevisionDiffQuery): Promise<RevisionDiffResult> {
  await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  const rows = await findRevisions(deps.prisma, ctx.orgId, estimateId, [query.from, query.to])
  const from = rows.find((r) => r.id === query.from)
  const to = rows.find((r) => r.id === query.to)
  if (!from || !to) throw notFound('Revision')
  const summary = (r: typeof from): EstimateRevision => {
    const snapshot = r.snapshot as RevisionSnapshot
    return revisionOf({
      id: r.id,
      number: r.number,
      reason: r.reason,
      actor_id: r.actorId,
      actor_email: r.actorEmail,
      created_at: r.createdAt,
      total_cost: snapshot.totalCost,
      grand_total: snapshot.grandTotal,
    })
  }
  return { from: summary(from), to: summary(to), diff: diffRevisions(from.snapshot as RevisionSnapshot, to.snapshot as RevisionSnapshot) }
}
