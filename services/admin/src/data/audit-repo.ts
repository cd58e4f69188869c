import type { Prisma } from '../generated/prisma/client.js'
import type { Db } from './db.js'

export type AuditRecord = { actorId: string; action: string; target: string; before: unknown; after: unknown }

const json = (value: unknown) => (value === null || value === undefined ? undefined : (value as Prisma.InputJsonValue))

export async function insertAuditEntry(db: Db, entry: AuditRecord & { id?: string; createdAt?: Date }): Promise<void> {
  await db.adminAuditEntry.create({
    data: {
      id: entry.id,
      actorId: entry.actorId,
      action: entry.action,
      target: entry.target,
      before: json(entry.before),
      after: json(entry.after),
      createdAt: entry.createdAt,
    },
  })
}

export const AUDIT_PAGE_SIZE = 100

export const latestAuditEntries = (db: Db) => db.adminAuditEntry.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: AUDIT_PAGE_SIZE })
