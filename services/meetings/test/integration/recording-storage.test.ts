import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import type { QueryRows } from '@plumbline/db'
import { createTestDatabase, type TestDatabase } from '@plumbline/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIO_CHUNK_BYTES, createPostgresAudioStorage, sweepAbandonedAudio } from '../../src/storage/postgres-audio-storage.js'

// Recordings live in the meetings schema, so every replica reaches every recording without a
// shared (ReadWriteMany) volume: what one replica stored, another, with its own pool, streams
// whole or by byte range. A failed upload keeps nothing; an abandoned one is swept.

let db: TestDatabase
const pools: pg.Pool[] = []
/** One replica's storage: a connection pool of its own on the shared database. */
function replica() {
  const pool = new pg.Pool({ connectionString: db.url, max: 2 })
  pools.push(pool)
  const queryRows: QueryRows = async (statement) => (await pool.query(statement.text, statement.values)).rows
  return { queryRows, storage: createPostgresAudioStorage(queryRows) }
}
let a: ReturnType<typeof replica>
let b: ReturnType<typeof replica>
const storedKeys = async (prefix: string) =>
  (
    await a.queryRows<{ key: string }>({
      text: `SELECT storage_key AS key FROM meetings.audio_objects WHERE starts_with(storage_key, $1)
             UNION SELECT storage_key FROM meetings.audio_chunks WHERE starts_with(storage_key, $1)`,
      values: [prefix],
    })
  ).map((r) => r.key)
const bytes = randomBytes(AUDIO_CHUNK_BYTES * 2 + 12_345)

const collect = async (stream: Readable | null) => {
  if (!stream) return null
  const parts: Buffer[] = []
  for await (const part of stream) parts.push(part as Buffer)
  return Buffer.concat(parts)
}
/** The source as an upload arrives: small pieces of uneven size. */
const pieces = (buffer: Buffer, fail = false) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < buffer.length; at += 65_000) {
        if (fail && at > AUDIO_CHUNK_BYTES) throw new Error('client went away')
        yield buffer.subarray(at, at + 65_000)
      }
    })(),
  )

beforeAll(async () => {
  db = await createTestDatabase()
  a = replica()
  b = replica()
})
afterAll(async () => {
  for (const pool of pools) await pool.end()
  await db?.drop()
})

describe('recordings in PostgreSQL', () => {
  it('one replica stores, another streams it whole and by any byte range, across chunk boundaries', async () => {
    const stored = await a.storage.put('rec-a', pieces(bytes))
    expect(stored.sizeBytes).toBe(bytes.length)
    const replica = b.storage
    expect((await collect(await replica.read('rec-a')))?.equals(bytes)).toBe(true)
    for (const [start, end] of [
      [0, 15],
      [AUDIO_CHUNK_BYTES - 3, AUDIO_CHUNK_BYTES + 2],
      [AUDIO_CHUNK_BYTES, AUDIO_CHUNK_BYTES * 2 - 1],
      [5, bytes.length - 1],
      [bytes.length - 1, bytes.length - 1],
    ] as const) {
      expect((await collect(await replica.read('rec-a', { start, end })))?.equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true)
    }
    const local = await replica.localFile('rec-a')
    expect((await readFile(local!.path)).equals(bytes)).toBe(true)
    await local!.release()
    await replica.delete('rec-a')
    expect(await a.storage.read('rec-a')).toBeNull()
    expect(await storedKeys('rec-a')).toEqual([])
  })

  it('keeps nothing of an upload that fails midway, and sweeps what a crashed one left', async () => {
    await expect(a.storage.put('rec-b', pieces(bytes, true))).rejects.toThrow('client went away')
    expect(await a.storage.read('rec-b')).toBeNull()
    expect(await storedKeys('rec-b')).toEqual([])
    // A process that died mid-upload: chunks without a finished object, older than the sweep's hour.
    await a.queryRows({
      text: `INSERT INTO meetings.audio_chunks (storage_key, seq, data, created_at) VALUES ('rec-c', 0, '\\x00', now() - interval '2 hours')`,
      values: [],
    })
    await a.storage.put('rec-d', pieces(Buffer.from('kept')))
    await sweepAbandonedAudio(a.queryRows)
    expect(await storedKeys('rec-c')).toEqual([])
    expect((await collect(await a.storage.read('rec-d')))?.toString()).toBe('kept')
  })
})
