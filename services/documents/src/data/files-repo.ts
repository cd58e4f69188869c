import { createHash, randomUUID } from 'node:crypto'
import type { FileStorage } from '../storage/file-storage.js'
import type { Db } from './db.js'

export const FILE_KINDS = ['logo', 'logo_url', 'pdf'] as const
export type FileKind = (typeof FILE_KINDS)[number]

export type StoredFileFacts = {
  id: string
  organizationId: string
  kind: string
  name: string
  mimeType: string
  size: number
  sha256: string
  estimateId: string | null
  createdAt: Date
}

export type NewFile = { orgId: string; kind: FileKind; name: string; mimeType: string; bytes: Buffer; estimateId?: string | null }

/**
 * Stores the bytes, then records the facts. Bytes first: a failure in between leaves an
 * unreferenced blob (removed right away when possible), never a row without bytes.
 */
export async function saveFile(db: Db, storage: FileStorage, file: NewFile): Promise<StoredFileFacts> {
  const id = randomUUID()
  await storage.put(id, file.bytes)
  try {
    return await db.storedFile.create({
      data: {
        id,
        organizationId: file.orgId,
        kind: file.kind,
        name: file.name,
        mimeType: file.mimeType,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        estimateId: file.estimateId ?? null,
      },
    })
  } catch (err) {
    await storage.delete([id]).catch(() => {})
    throw err
  }
}

export const findFile = (db: Db, orgId: string, id: string) => db.storedFile.findFirst({ where: { id, organizationId: orgId } })

/** The newest file of a kind (optionally with an exact name) of one organisation. */
export const latestFile = (db: Db, orgId: string, kind: FileKind, name?: string) =>
  db.storedFile.findFirst({ where: { organizationId: orgId, kind, ...(name === undefined ? {} : { name }) }, orderBy: { createdAt: 'desc' } })

/** Removes an organisation's files of a kind except `keepId`; answers how many went. */
export async function deleteFilesOfKind(db: Db, storage: FileStorage, orgId: string, kind: FileKind, keepId?: string): Promise<number> {
  const rows = await db.storedFile.findMany({ where: { organizationId: orgId, kind, ...(keepId ? { id: { not: keepId } } : {}) }, select: { id: true } })
  const ids = rows.map((r) => r.id)
  if (!ids.length) return 0
  await db.storedFile.deleteMany({ where: { id: { in: ids } } })
  await storage.delete(ids)
  return ids.length
}

/** Deletes every file of a kind created before `before` (all organisations): the PDF prune. */
export async function pruneFiles(db: Db, storage: FileStorage, kind: FileKind, before: Date): Promise<number> {
  const rows = await db.storedFile.findMany({ where: { kind, createdAt: { lt: before } }, select: { id: true }, take: 1000 })
  const ids = rows.map((r) => r.id)
  if (!ids.length) return 0
  await db.storedFile.deleteMany({ where: { id: { in: ids } } })
  await storage.delete(ids)
  return ids.length
}

/** Removes one file of an organisation (row and bytes). */
export async function deleteFile(db: Db, storage: FileStorage, orgId: string, id: string): Promise<void> {
  await db.storedFile.deleteMany({ where: { id, organizationId: orgId } })
  await storage.delete([id])
}
