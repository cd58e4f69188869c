import type { PrismaClient } from '../generated/prisma/client.js'
import type { FileStorage } from './file-storage.js'

/**
 * The embedded default: bytes in `documents.file_blobs` (bytea). Chosen over a directory on
 * disk because it needs no shared volume when the service runs as several replicas, is backed
 * up with the database, and every test database starts empty and is dropped with its files.
 * Logos (re-encoded, ≤ 1200 px) and PDFs are small; recordings may want an object store, which
 * implements the same FileStorage.
 */
export function createPostgresStorage(prisma: PrismaClient): FileStorage {
  return {
    async put(fileId, bytes) {
      await prisma.fileBlob.upsert({ where: { fileId }, create: { fileId, data: new Uint8Array(bytes) }, update: { data: new Uint8Array(bytes) } })
    },
    async get(fileId) {
      const row = await prisma.fileBlob.findUnique({ where: { fileId } })
      return row ? Buffer.from(row.data) : null
    },
    async delete(fileIds) {
      if (fileIds.length) await prisma.fileBlob.deleteMany({ where: { fileId: { in: fileIds } } })
    },
  }
}
