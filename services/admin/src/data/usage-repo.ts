import type { Limits, UsageKind } from '../domain/limits.js'
import type { Db, Tx } from './db.js'

/** Counts of one month per kind; kinds without a row are 0. */
export async function usageOfMonth(db: Db, orgId: string, month: string): Promise<Limits> {
  const rows = await db.usageCounter.findMany({ where: { organizationId: orgId, month } })
  const used: Limits = { estimates: 0, pdf: 0, ai: 0 }
  for (const row of rows) used[row.kind] = row.count
  return used
}

/** Every organisation's counters of one month. */
export const countersOfMonth = (db: Db, month: string) => db.usageCounter.findMany({ where: { month } })

export async function usageOf(db: Db, orgId: string, month: string, kind: UsageKind): Promise<number> {
  const row = await db.usageCounter.findUnique({ where: { organizationId_month_kind: { organizationId: orgId, month, kind } } })
  return row?.count ?? 0
}

/** One atomic statement, so concurrent consumers (several replicas) never lose an increment. */
export async function incrementUsage(tx: Tx, orgId: string, month: string, kind: UsageKind): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO usage_counters (organization_id, month, kind, count) VALUES (${orgId}, ${month}, ${kind}::usage_kind, 1)
    ON CONFLICT (organization_id, month, kind) DO UPDATE SET count = usage_counters.count + 1`
}

/** Gives one back (never below zero): a deleted estimate's quota in the month it was created. */
export async function decrementUsage(tx: Tx, orgId: string, month: string, kind: UsageKind): Promise<void> {
  await tx.$executeRaw`
    UPDATE usage_counters SET count = GREATEST(count - 1, 0)
    WHERE organization_id = ${orgId} AND month = ${month} AND kind = ${kind}::usage_kind`
}
