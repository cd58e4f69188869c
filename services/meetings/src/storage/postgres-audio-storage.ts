import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { QueryRows } from '@plumbline/db'
import type { AudioStorage } from './audio-storage.js'

/** Bytes per row: large enough that a 500 MB recording is 1,000 rows, small enough to keep memory flat. */
export const AUDIO_CHUNK_BYTES = 512 * 1024
/** Chunks read per query while streaming. */
const READ_BATCH = 4
/** A write that never finished (the process died mid-upload) leaves chunks this old to the sweep. */
const ABANDONED_AFTER = '1 hour'

/**
 * Recordings in the service's own schema, as fixed-size chunks (audio_chunks) and one row per
 * finished recording (audio_objects, written after the last chunk: a half upload is never read).
 * Every replica reaches every recording through the database, so no shared volume is needed, and
 * a byte range reads only the chunks it covers. Memory stays at about one batch of chunks.
 */
export function createPostgresAudioStorage(queryRows: QueryRows, schema = 'meetings'): AudioStorage {
  const chunks = `"${schema}".audio_chunks`
  const objects = `"${schema}".audio_objects`

  async function* readChunks(key: string, first: number, last: number) {
    for (let from = first; from <= last; from += READ_BATCH) {
      const rows = await queryRows<{ data: Buffer }>({
        text: `SELECT data FROM ${chunks} WHERE storage_key = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq`,
        values: [key, from, Math.min(from + READ_BATCH - 1, last)],
      })
      for (const row of rows) yield row.data
    }
  }

  const objectOf = async (key: string) =>
    (
      await queryRows<{ size_bytes: string; chunk_bytes: number }>({
        text: `SELECT size_bytes, chunk_bytes FROM ${objects} WHERE storage_key = $1`,
        values: [key],
      })
    )[0]

  const storage: AudioStorage = {
    async put(key, source) {
      const hash = createHash('sha256')
      let sizeBytes = 0
      let seq = 0
      let pending: Buffer[] = []
      let pendingBytes = 0
      const flush = async (all: boolean) => {
        let buffer = Buffer.concat(pending, pendingBytes)
        while (buffer.length >= AUDIO_CHUNK_BYTES || (all && buffer.length > 0)) {
          const piece = buffer.subarray(0, AUDIO_CHUNK_BYTES)
          await queryRows({ text: `INSERT INTO ${chunks} (storage_key, seq, data) VALUES ($1, $2, $3)`, values: [key, seq++, piece] })
          buffer = buffer.subarray(piece.length)
        }
        pending = buffer.length ? [Buffer.from(buffer)] : []
        pendingBytes = buffer.length
      }
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          hash.update(chunk)
          sizeBytes += chunk.length
          pending.push(chunk)
          pendingBytes += chunk.length
          if (pendingBytes >= AUDIO_CHUNK_BYTES) await flush(false)
        }
        await flush(true)
        const sha256 = hash.digest('hex')
        await queryRows({
          text: `INSERT INTO ${objects} (storage_key, size_bytes, chunk_bytes, sha256) VALUES ($1, $2, $3, $4)`,
          values: [key, sizeBytes, AUDIO_CHUNK_BYTES, sha256],
        })
        return { sizeBytes, sha256 }
      } catch (err) {
        await queryRows({ text: `DELETE FROM ${chunks} WHERE storage_key = $1`, values: [key] }).catch(() => {})
        throw err
      }
    },

    async read(key, range) {
      const object = await objectOf(key)
      if (!object) return null
      const size = Number(object.size_bytes)
      const { start, end } = range ?? { start: 0, end: size - 1 }
      if (size === 0 || end < start) return Readable.from([])
      const first = Math.floor(start / object.chunk_bytes)
      const last = Math.floor(end / object.chunk_bytes)
      return Readable.from(
        (async function* () {
          let offset = first * object.chunk_bytes
          for await (const data of readChunks(key, first, last)) {
            const from = Math.max(0, start - offset)
            const to = Math.min(data.length, end - offset + 1)
            offset += data.length
            if (to > from) yield data.subarray(from, to)
          }
        })(),
      )
    },

    async localFile(key) {
      const stream = await storage.read(key)
      if (!stream) return null
      const dir = await mkdtemp(join(tmpdir(), 'plumbline-recording-'))
      const path = join(dir, randomUUID())
      try {
        await pipeline(stream, createWriteStream(path))
      } catch (err) {
        await rm(dir, { recursive: true, force: true })
        throw err
      }
      return { path, release: () => rm(dir, { recursive: true, force: true }) }
    },

    async delete(key) {
      await queryRows({ text: `DELETE FROM ${objects} WHERE storage_key = $1`, values: [key] })
      await queryRows({ text: `DELETE FROM ${chunks} WHERE storage_key = $1`, values: [key] })
    },
  }
  return storage
}

/** Removes the chunks of uploads that never finished (no audio_objects row, older than an hour). */
export async function sweepAbandonedAudio(queryRows: QueryRows, schema = 'meetings'): Promise<void> {
  await queryRows({
    text: `DELETE FROM "${schema}".audio_chunks c WHERE c.created_at < now() - interval '${ABANDONED_AFTER}'
           AND NOT EXISTS (SELECT 1 FROM "${schema}".audio_objects o WHERE o.storage_key = c.storage_key)`,
    values: [],
  })
}
