// `npm run bench -- meetings`: the notetaker's reads and its biggest write: the
// meetings and tasks lists through the gateway on 10,000 rows each beside the same query in raw
// SQL, and a 200 MB recording streamed through the gateway into storage, with the throughput and
// each process's RSS before, at the peak and after (memory must stay flat whatever the size).
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { poolConfig } from '@plumbline/db'
import pg from 'pg'
import { DEMO_ORGANIZATION } from '../../services/auth/src/seed/demo-accounts.js'
import type { Stack } from '../lib/stack.js'
import { fmt, measure, timed, timedRequest } from './measure.js'
import { rssMb } from './memory.js'
import type { BrowserSession } from './session.js'

const ORG = DEMO_ORGANIZATION.id
const ROWS = 10_000
const UPLOAD_MB = 200

async function seed(pool: pg.Pool): Promise<void> {
  await pool.query(
    `INSERT INTO meetings (id, organization_id, created_by, title, status, duration_seconds, start_time, summary, transcript_text, updated_at)
     SELECT gen_random_uuid(), $1, 'bench', 'Site meeting ' || g, 'completed', 600 + g % 3000, now() - (g || ' minutes')::interval,
            'We walked the roof at ' || g || ' Oak St and agreed on the shingles and the schedule.', 'Transcript of meeting ' || g, now()
     FROM generate_series(1, $2::int) g`,
    [ORG, ROWS],
  )
  await pool.query(
    `INSERT INTO tasks (id, organization_id, created_by, title, priority, due_date, completed, updated_at)
     SELECT gen_random_uuid(), $1, 'bench', 'Follow up ' || g, (ARRAY['low','medium','high'])[1 + g % 3], current_date + (g % 60), g % 4 = 0, now()
     FROM generate_series(1, $2::int) g`,
    [ORG, ROWS],
  )
  await pool.query('VACUUM (ANALYZE) meetings')
  await pool.query('VACUUM (ANALYZE) tasks')
}

/** The same rows the services read, in one SQL statement each (the baselines). */
const RAW = {
  meetings: `SELECT m.*, a.meeting_id AS audio FROM meetings m LEFT JOIN meeting_audio a ON a.meeting_id = m.id
             WHERE m.organization_id = $1 ORDER BY m.start_time DESC, m.id LIMIT 500`,
  tasks: 'SELECT * FROM tasks WHERE organization_id = $1 ORDER BY created_at DESC, id',
  'tasks page': 'SELECT * FROM tasks WHERE organization_id = $1 ORDER BY created_at DESC, id LIMIT 51',
  'tasks summary': `SELECT count(*), count(*) FILTER (WHERE NOT completed), count(*) FILTER (WHERE completed),
                   count(*) FILTER (WHERE NOT completed AND due_date < current_date) FROM tasks WHERE organization_id = $1`,
}

/** A WAV header followed by silence: a valid recording of any size, written without holding it in memory. */
async function writeBigWav(path: string, mb: number): Promise<void> {
  const dataBytes = mb * 1024 * 1024
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + dataBytes, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(16000, 24)
  header.writeUInt32LE(32000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(dataBytes, 40)
  await writeFile(path, header)
  const { open } = await import('node:fs/promises')
  const file = await open(path, 'a')
  const block = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < mb; i++) await file.write(block)
  await file.close()
}

/** The file as a multipart body, streamed from disk (chunked: no Content-Length). */
function multipartStream(path: string, boundary: string): ReadableStream<Uint8Array> {
  async function* parts() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`)
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) yield chunk as Buffer
    yield Buffer.from(`\r\n--${boundary}--\r\n`)
  }
  return Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>
}

async function benchUpload(stack: Stack, session: BrowserSession, api: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-upload-'))
  try {
    const file = join(dir, 'long.wav')
    await writeBigWav(file, UPLOAD_MB)
    const created = await fetch(`${api}/meetings`, {
      method: 'POST',
      headers: { ...session.writeHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench upload' }),
    })
    const { id } = (await created.json()) as { id: string }
    const pids = stack.pids()
    const watched = { gateway: pids.gateway, meetings: pids.meetings }
    const before = Object.fromEntries(Object.entries(watched).map(([n, pid]) => [n, rssMb(pid as number)]))
    const peak = { ...before }
    const sampler = setInterval(() => {
      for (const [n, pid] of Object.entries(watched)) peak[n] = Math.max(peak[n], rssMb(pid as number))
    }, 100)
    const boundary = `bench${Date.now()}`
    let status = 0
    const ms = await timed(async () => {
      const res = await fetch(`${api}/meetings/${id}/transcribe`, {
        method: 'POST',
        headers: { ...session.writeHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: multipartStream(file, boundary),
        duplex: 'half',
      } as RequestInit)
      status = res.status
      await res.arrayBuffer()
    })
    clearInterval(sampler)
    const after = Object.fromEntries(Object.entries(watched).map(([n, pid]) => [n, rssMb(pid as number)]))
    console.log(`  upload ${UPLOAD_MB} MB through the gateway: HTTP ${status}, ${(ms / 1000).toFixed(1)} s, ${(UPLOAD_MB / (ms / 1000)).toFixed(0)} MB/s`)
    for (const n of Object.keys(watched))
      console.log(
        `    ${n.padEnd(9)} RSS before ${before[n].toFixed(0)} MB, peak ${peak[n].toFixed(0)} MB (+${(peak[n] - before[n]).toFixed(0)}), after ${after[n].toFixed(0)} MB`,
      )
    await fetch(`${api}/meetings/${id}`, { method: 'DELETE', headers: session.writeHeaders })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function benchMeetings(stack: Stack, session: BrowserSession, databaseUrl: string): Promise<void> {
  const pool = new pg.Pool(poolConfig(databaseUrl, 'meetings', 16))
  try {
    console.log(`\nMeetings and tasks: seeding ${ROWS.toLocaleString('en')} meetings and ${ROWS.toLocaleString('en')} tasks`)
    await seed(pool)
    const api = `http://127.0.0.1:${stack.servicePorts.gateway}/api/organizations/${ORG}`
    const headers = { cookie: session.cookie }
    for (const [name, path] of [
      ['meetings list (500 newest)', '/meetings'],
      ['meetings search', '/meetings?search=Oak'],
      ['tasks list (all 10,000)', '/tasks'],
      ['tasks page (50, as /tasks reads)', '/tasks?limit=50'],
      ['tasks summary (four counts)', '/tasks/summary'],
    ] as const) {
      const via = await measure(() => timedRequest(`${api}${path}`, { headers }), 1, 200, 20)
      console.log(`  ${name.padEnd(34)} via the gateway  ${fmt(via)}`)
    }
    for (const [name, sql] of Object.entries(RAW)) {
      const raw = await measure(() => timed(() => pool.query(sql, [ORG])), 1, 200, 20)
      console.log(`  ${`${name} raw SQL`.padEnd(34)} same rows        ${fmt(raw)}`)
    }
    await benchUpload(stack, session, api)
  } finally {
    await pool.end()
  }
}
