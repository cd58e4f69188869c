import type { AuditEntry } from '@plumbline/contracts'
import { actorsByIds } from '../data/actors-repo.js'
import { latestAuditEntries } from '../data/audit-repo.js'
import type { AdminDeps } from '../deps.js'

/** GET /admin/audit: the newest admin actions, each naming its admin by address when known. */
export async function listAuditEntries(deps: Pick<AdminDeps, 'prisma'>): Promise<AuditEntry[]> {
  const db = deps.prisma
  const entries = await latestAuditEntries(db)
  const actors = await actorsByIds(db, [...new Set(entries.map((e) => e.actorId))])
  const emailOf = new Map(actors.map((a) => [a.userId, a.email]))
  return entries.map((e) => ({
    id: e.id,
    actorId: e.actorId,
    actorEmail: emailOf.get(e.actorId) ?? null,
    action: e.action,
    target: e.target,
    before: e.before ?? null,
    after: e.after ?? null,
    createdAt: e.createdAt.toISOString(),
  }))
}
