import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MeetingSubjects, RequestSubjects, ZSummarizeMeetingRequest } from '@plumbline/contracts'
import { type Bus, type Replier, reply } from '@plumbline/messaging'
import {
  claimsFor,
  makeSpeechWav,
  type ProcessTestInfra,
  repeatWav,
  type ServiceProcess,
  signedRequest,
  sparePort,
  startProcessTestInfra,
  startServiceProcess,
  uniqueId,
} from '@plumbline/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AudioTestServer, startAudioTestServer } from '../transcription/openai-audio-test-server.js'

// A transcription survives its worker being killed mid-run: the real meetings process is killed
// (SIGKILL, no clean shutdown) while the slow recogniser works on the recording's second chunk,
// started again, and the job takes the meeting to completed once, with one completed event, even
// with a duplicate of its message published while the restarted worker runs.

let infra: ProcessTestInfra
let bus: Bus
let summarizer: Replier
let recogniser: AudioTestServer
let meetings: ServiceProcess | undefined
let env: Record<string, string>
let dir: string
const orgId = uniqueId('org-')

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'meetings-restart-'))
  await makeSpeechWav('We walked the roof and the flashing is loose.', join(dir, 'once.wav'))
  await repeatWav(join(dir, 'once.wav'), 6, join(dir, 'long.wav'))
  infra = await startProcessTestInfra('meetings-restart-test')
  bus = infra.bus
  summarizer = reply(
    bus,
    RequestSubjects.summarizeMeeting,
    async (req) => ({ summary: `${req.segments.length} segments`, actionItems: [], provider: 'builtin' }),
    ZSummarizeMeetingRequest,
  )
  recogniser = await startAudioTestServer({ kind: 'ok', delayMs: 700 })
  env = {
    ...infra.env,
    PORT: String(await sparePort()),
    TRANSCRIPTION_PROVIDER: 'openai',
    OPENAI_BASE_URL: recogniser.baseURL,
    TRANSCRIPTION_CHUNK_SECONDS: '5',
    TRANSCRIPTION_LEASE_MS: '2000',
  }
}, 120_000)

afterAll(async () => {
  await meetings?.kill()
  await recogniser?.close()
  await summarizer?.stop()
  await infra?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: infra.db.url })
  await client.connect()
  try {
    return (await client.query<T>(sql, values)).rows
  } finally {
    await client.end()
  }
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('a transcription whose worker is killed', () => {
  it('completes after the service restarts, once', async () => {
    meetings = await startServiceProcess('meetings', env, 'first')
    const api = (method: string, path: string, body?: unknown) =>
      signedRequest(meetings!.base, claimsFor(orgId), method, `/organizations/${orgId}${path}`, body)
    const created = await api('POST', '/meetings', { title: 'Roof walk' })
    const id = created.body.id as string
    const form = new FormData()
    form.append('audio', new Blob([await readFile(join(dir, 'long.wav'))]), 'long.wav')
    const upload = await signedRequest(meetings.base, claimsFor(orgId), 'POST', `/organizations/${orgId}/meetings/${id}/transcribe`, form)
    expect(upload.status, upload.text).toBe(202)

    await waitFor(() => recogniser.uploads.length >= 2, 30_000, 'the second chunk')
    await meetings.kill('SIGKILL')
    const [midRun] = await query<{ status: string; stage: string; attempts: number }>(
      'SELECT status, stage, attempts FROM meetings.transcription_jobs WHERE meeting_id = $1',
      [id],
    )
    expect(midRun).toEqual({ status: 'running', stage: 'transcribe', attempts: 1 })
    const chunksBefore = recogniser.uploads.length

    meetings = await startServiceProcess('meetings', env, 'second')
    const [requested] = await query<{ payload: unknown }>(`SELECT payload FROM meetings.outbox_events WHERE subject = 'meetings.transcription.requested.v1'`)
    await waitFor(() => recogniser.uploads.length > chunksBefore, 30_000, 'the restarted worker')
    await bus.js.publish(bus.subject('meetings.transcription.requested.v1'), JSON.stringify(requested.payload))

    const deadline = Date.now() + 60_000
    let meeting = (await api('GET', `/meetings/${id}`)).body
    while (meeting.status === 'transcribing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200))
      meeting = (await api('GET', `/meetings/${id}`)).body
    }
    expect(meeting.status, meeting.statusMessage).toBe('completed')
    // Every chunk of the recording is in the transcript, in order, whatever the restart did.
    const starts = meeting.segments.map((s: { startMs: number }) => s.startMs)
    expect(starts).toEqual([...starts].sort((a: number, b: number) => a - b))
    expect(meeting.segments.at(-1).endMs).toBeGreaterThan(15_000)
    expect(meeting.summary).toBe(`${meeting.segments.length} segments`)

    await new Promise((r) => setTimeout(r, 2500))
    const [job] = await query<{ status: string; attempts: number }>('SELECT status, attempts FROM meetings.transcription_jobs WHERE meeting_id = $1', [id])
    expect(job).toEqual({ status: 'completed', attempts: 2 })
    const completed = await query<{ id: string }>(`SELECT id FROM meetings.outbox_events WHERE subject = $1 AND payload->'data'->>'meetingId' = $2`, [
      MeetingSubjects.completed,
      id,
    ])
    expect(completed).toHaveLength(1)
  }, 150_000)
})
