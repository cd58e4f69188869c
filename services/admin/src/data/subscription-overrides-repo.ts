import type { LimitSource } from '../domain/limits.js'
import type { Db } from './db.js'

/** What a platform admin sets for one organisation: limits (null defers to the plan) and a note. */
export type OverrideFields = LimitSource & { note: string | null }

export const listOverrides = (db: Db) => db.subscriptionOverride.findMany()

export const findOverride = (db: Db, orgId: string) => db.subscriptionOverride.findUnique({ where: { organizationId: orgId } })

export async function putOverride(db: Db, orgId: string, fields: OverrideFields, updatedBy: string): Promise<void> {
  await db.subscriptionOverride.upsert({
    where: { organizationId: orgId },
    create: { organizationId: orgId, ...fields, updatedBy },
    update: { ...fields, updatedBy },
  })
}

export async function deleteOverride(db: Db, orgId: string): Promise<void> {
  await db.subscriptionOverride.delete({ where: { organizationId: orgId } })
}
