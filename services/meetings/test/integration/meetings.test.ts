import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MeetingMessages, MeetingSubjects, RequestSubjects, type SummarizeMeetingRequest, ZSummarizeMeetingRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostileUploads, id3Tag, spyOnDecoders } from '../support/hostile-audio.js'
import { type MeetingsTestService, memberOf, startMeetingsTestService } from '../support/meetings-test-service.js'

/** A valid WAV file of `seconds` of silence (16 kHz mono 16-bit). */
function silentWav(seconds = 1): Buffer {
  const data = Buffer.alloc(16000 * 2 * seconds)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
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
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

const VTT = `WEBVTT

00:00:01.000 --> 00:00:04.000
<v Sarah>We looked at the roof and the flashing by the chimney.</v>

00:00:04.500 --> 00:00:08.000
<v Mike>Sarah will send the permit by Friday.</v>
`

let svc: MeetingsTestService
let summarizer: Replier
const asked: SummarizeMeetingRequest[] = []

beforeAll(async () => {
  svc = await startMeetingsTestService({
    worker: true,
    env: { TRANSCRIPTION_PROVIDER: 'none', MEETINGS_AUDIO_MAX_BYTES: String(1024 * 1024), TRANSCRIPTION_MAX_DELIVERIES: '2' },
  })
  // The ai service's side of rpc.ai.meeting.summarize (its writer is tested in the ai service): a
  // stand-in that answers the first segment as the summary and every "will" sentence as an item.
  summarizer = reply(
    svc.deps.bus,
    RequestSubjects.summarizeMeeting,
    async (req) => {
      asked.push(req)
      if (req.title.includes('no summary')) throw new Error('writer down')
      return {
        summary: req.segments[0]?.text ?? '',
        actionItems: req.segments.flatMap((s, i) =>
          s.text.includes(' will ') ? [{ text: s.text, owner: s.speaker, dueDate: '2099-01-02', sourceSegmentIndex: i }] : [],
        ),
        provider: 'builtin',
      }
    },
    ZSummarizeMeetingRequest,
  )
}, 120_000)
afterAll(async () => {
  await summarizer?.stop()
  await svc?.close()
})

const path = (orgId: string, rest = '') => `/organizations/${orgId}/meetings${rest}`
const call = async (orgId: string, method: string, rest = '', body?: unknown) => svc.call(method, path(orgId, rest), { body, headers: await memberOf(orgId) })

async function upload(orgId: string, id: string, field: string, bytes: Buffer | string, fileName: string, route = 'transcribe') {
  const form = new FormData()
  form.append(field, new Blob([bytes]), fileName)
  const res = await fetch(`${svc.url}${path(orgId, `/${id}/${route}`)}`, { method: 'POST', body: form, headers: await memberOf(orgId) })
  return { status: res.status, json: (await res.json().catch(() => null)) as any }
}

async function createMeeting(orgId: string, title = 'Roof walk') {
  const res = await call(orgId, 'POST', '', { title, description: 'With the owner' })
  expect(res.status).toBe(201)
  return res.json.id as string
}

async function waitForStatus(orgId: string, id: string, status: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await call(orgId, 'GET', `/${id}`)
    if (res.json?.status === status) return res.json
    if (Date.now() > deadline) throw new Error(`meeting ${id} is ${res.json?.status} (${res.json?.statusMessage}), not ${status}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const outboxSubjects = async (meetingId: string) =>
  (await svc.deps.prisma.outboxEvent.findMany({ orderBy: { createdAt: 'asc' } }))
    .filter((r) => (r.payload as { data?: { meetingId?: string } }).data?.meetingId === meetingId)
    .map((r) => r.subject)

describe('meetings', () => {
  it('creates a meeting (spec: answers its id) and lists it as recording; the title is required with the spec text', async () => {
    const id = await createMeeting('org-m1')
    const list = await call('org-m1', 'GET')
    expect(list.json.map((m: { id: string }) => m.id)).toEqual([id])
    expect(list.json[0]).toMatchObject({ title: 'Roof walk', status: 'recording', duration: 0, summary: null, hasAudio: false })
    const blank = await call('org-m1', 'POST', '', { title: '  ' })
    expect(blank.status).toBe(400)
    expect(blank.json.errors).toEqual([{ field: 'title', message: MeetingMessages.titleRequired }])
    expect(await outboxSubjects(id)).toEqual([MeetingSubjects.created])
  })

  it("answers 404 for another organisation's meeting on every route, and for ids that are not UUIDs", async () => {
    const id = await createMeeting('org-m2')
    for (const [method, rest] of [
      ['GET', `/${id}`],
      ['DELETE', `/${id}`],
      ['GET', `/${id}/audio`],
      ['POST', `/${id}/action-items/tasks`],
    ] as const)
      expect((await call('org-other', method, rest)).status, `${method} ${rest}`).toBe(404)
    expect((await upload('org-other', id, 'audio', silentWav(), 'a.wav')).status).toBe(404)
    expect((await call('org-m2', 'GET', '/not-a-uuid')).status).toBe(404)
    expect((await call('org-m2', 'GET', `/${id}`)).status).toBe(200)
  })

  it('refuses a file that is not audio with 415 and keeps nothing', async () => {
    const id = await createMeeting('org-m3')
    const res = await upload('org-m3', id, 'audio', '%PDF-1.7 not a recording at all', 'minutes.webm')
    expect(res.status).toBe(415)
    expect(res.json.detail ?? res.json.message).toContain(MeetingMessages.notAudio)
    expect(await svc.storedKeys(id)).toEqual([])
    expect((await call('org-m3', 'GET', `/${id}`)).json).toMatchObject({ status: 'recording', hasAudio: false })
  })

  it.each(Object.keys(hostileUploads('/x')))('refuses %s as rec.mp3 with 415 before any decoder runs, keeping nothing', async (name) => {
    const id = await createMeeting('org-m3')
    const spy = await spyOnDecoders()
    try {
      const res = await upload('org-m3', id, 'audio', hostileUploads(join(tmpdir(), 'planted.ts'))[name]!, 'rec.mp3')
      expect(res.status).toBe(415)
      expect(res.json.errors).toEqual([{ field: 'audio', message: MeetingMessages.playlist }])
      expect(await spy.runs()).toEqual([])
    } finally {
      await spy.restore()
    }
    expect(await svc.storedKeys(id)).toEqual([])
    expect(await svc.deps.prisma.transcriptionJob.count({ where: { meetingId: id } })).toBe(0)
    expect((await call('org-m3', 'GET', `/${id}`)).json).toMatchObject({ status: 'recording', hasAudio: false })
  })

  it('accepts an MP3 whose ID3 tag (cover art) runs past the first bytes, as audio/mpeg', async () => {
    const id = await createMeeting('org-m3')
    const dir = mkdtempSync(join(tmpdir(), 'tagged-mp3-'))
    try {
      const bare = join(dir, 'bare.mp3')
      const r = spawnSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'libmp3lame', '-id3v2_version', '0', bare])
      expect(r.status, r.stderr.toString()).toBe(0)
      const tagged = Buffer.concat([id3Tag(20_000), readFileSync(bare)])
      const res = await upload('org-m3', id, 'audio', tagged, 'walk.mp3')
      expect(res.status).toBe(202)
      expect((await call('org-m3', 'GET', `/${id}`)).json).toMatchObject({ hasAudio: true, audio: { contentType: 'audio/mpeg', sizeBytes: tagged.length } })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a recording past the cap while streaming (no Content-Length), keeping nothing', async () => {
    const id = await createMeeting('org-m4')
    const big = Buffer.concat([silentWav(1), Buffer.alloc(2 * 1024 * 1024)])
    const form = new FormData()
    form.append('audio', new Blob([big]), 'long.wav')
    const body = new Response(form)
    const res = await fetch(`${svc.url}${path('org-m4', `/${id}/transcribe`)}`, {
      method: 'POST',
      headers: { ...(await memberOf('org-m4')), 'content-type': body.headers.get('content-type') ?? '' },
      body: body.body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(await svc.storedKeys(id)).toEqual([])
  })

  it('keeps the recording and says transcription is unavailable when no recogniser runs; the audio plays with ranges', async () => {
    const id = await createMeeting('org-m5')
    const wav = silentWav(1)
    const res = await upload('org-m5', id, 'audio', wav, 'walk.wav')
    expect(res.status).toBe(202)
    expect(res.json).toEqual({ id, status: 'unavailable' })
    const meeting = (await call('org-m5', 'GET', `/${id}`)).json
    expect(meeting).toMatchObject({ status: 'unavailable', hasAudio: true, audio: { contentType: 'audio/wav', sizeBytes: wav.length, fileName: 'walk.wav' } })
    expect(meeting.statusMessage).toMatch(/^Transcription is unavailable.*import a transcript/)
    const headers = await memberOf('org-m5')
    const whole = await fetch(`${svc.url}${path('org-m5', `/${id}/audio`)}`, { headers })
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true)
    expect(whole.headers.get('cache-control')).toBe('no-store')
    const part = await fetch(`${svc.url}${path('org-m5', `/${id}/audio`)}`, { headers: { ...headers, range: 'bytes=0-3' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${wav.length}`)
    expect(part.headers.get('cache-control')).toBe('no-store')
    expect(await part.text()).toBe('RIFF')
    const info = (await call('org-m5', 'GET', '/transcription')).json
    expect(info).toMatchObject({ id: 'none', available: false })
  })

  it('imports a WebVTT transcript: speakers and times kept, summary and action items from the ai service, completed once', async () => {
    const id = await createMeeting('org-m6', 'Kitchen walkthrough')
    const res = await upload('org-m6', id, 'transcript', VTT, 'zoom.vtt', 'transcript')
    expect(res.status).toBe(202)
    const meeting = await waitForStatus('org-m6', id, 'completed')
    expect(meeting.segments).toEqual([
      { startMs: 1000, endMs: 4000, text: 'We looked at the roof and the flashing by the chimney.', speaker: 'Sarah' },
      { startMs: 4500, endMs: 8000, text: 'Sarah will send the permit by Friday.', speaker: 'Mike' },
    ])
    expect(meeting).toMatchObject({
      summary: 'We looked at the roof and the flashing by the chimney.',
      summaryProvider: 'builtin',
      transcriptionProvider: 'import',
      duration: 8,
    })
    expect(meeting.actionItems).toEqual([
      expect.objectContaining({ text: 'Sarah will send the permit by Friday.', owner: 'Mike', dueDate: '2099-01-02', sourceSegmentIndex: 1, taskId: null }),
    ])
    expect(asked.find((r) => r.meetingId === id)).toMatchObject({ organizationId: 'org-m6', title: 'Kitchen walkthrough' })
    expect(await outboxSubjects(id)).toEqual([MeetingSubjects.created, MeetingSubjects.completed])

    // search reaches the transcript text
    const found = await call('org-m6', 'GET', '?search=PERMIT')
    expect(found.json.map((m: { id: string }) => m.id)).toEqual([id])
    expect((await call('org-m6', 'GET', '?search=shingles')).json).toEqual([])

    // an action item becomes a task once, however often it is asked
    const item = meeting.actionItems[0]
    const first = await call('org-m6', 'POST', `/${id}/action-items/${item.id}/task`)
    const again = await call('org-m6', 'POST', `/${id}/action-items/${item.id}/task`)
    expect(first.status).toBe(201)
    expect(again.json.id).toBe(first.json.id)
    expect(first.json).toMatchObject({ title: item.text, meetingId: id, meetingTitle: 'Kitchen walkthrough', dueDate: '2099-01-02' })
    const tasks = await svc.call('GET', `/organizations/org-m6/tasks`, { headers: await memberOf('org-m6') })
    expect(tasks.json.filter((t: { meetingId: string }) => t.meetingId === id).map((t: { meetingTitle: string }) => t.meetingTitle)).toEqual([
      'Kitchen walkthrough',
    ])
    expect((await call('org-m6', 'POST', `/${id}/action-items/tasks`)).json).toEqual([])
  })

  it('refuses an empty transcript file and a missing field with the clear messages', async () => {
    const id = await createMeeting('org-m7')
    const empty = await upload('org-m7', id, 'transcript', '\n\n', 'empty.txt', 'transcript')
    expect(empty.status).toBe(400)
    expect(empty.json.errors).toEqual([{ field: 'transcript', message: MeetingMessages.transcriptEmpty }])
    const wrongField = await upload('org-m7', id, 'file', 'hello', 'a.txt', 'transcript')
    expect(wrongField.status).toBe(400)
    expect(wrongField.json.errors).toEqual([{ field: 'transcript', message: MeetingMessages.transcriptMissing }])
  })

  it('keeps the transcript when the summary cannot be written, after the bounded retries', async () => {
    const id = await createMeeting('org-m8', 'Meeting with no summary')
    expect((await upload('org-m8', id, 'transcript', 'Mike: We will order shingles tomorrow.', 'notes.txt', 'transcript')).status).toBe(202)
    const meeting = await waitForStatus('org-m8', id, 'completed', 40_000)
    expect(meeting.statusMessage).toBe('The summary could not be written; the transcript is kept.')
    expect(meeting.segments).toEqual([{ startMs: 0, endMs: 0, text: 'We will order shingles tomorrow.', speaker: 'Mike' }])
    expect(meeting.summary).toBeNull()
  }, 60_000)

  it('a duplicated job message summarises once', async () => {
    const id = await createMeeting('org-m9')
    await upload('org-m9', id, 'transcript', VTT, 'a.vtt', 'transcript')
    await waitForStatus('org-m9', id, 'completed')
    const job = await svc.deps.prisma.transcriptionJob.findFirstOrThrow({ where: { meetingId: id } })
    const { runTranscriptionJob } = await import('../../src/usecases/run-transcription-job.js')
    const outcome = await runTranscriptionJob(svc.deps, { orgId: 'org-m9', jobId: job.id }, { stopping: new AbortController().signal, heartbeat: () => {} })
    expect(outcome).toEqual({ kind: 'done' })
    expect(asked.filter((r) => r.meetingId === id)).toHaveLength(1)
    expect((await outboxSubjects(id)).filter((s) => s === MeetingSubjects.completed)).toHaveLength(1)
  })

  it('deletes a meeting with its recording; it is gone for the organisation', async () => {
    const id = await createMeeting('org-m10')
    await upload('org-m10', id, 'audio', silentWav(), 'x.wav')
    expect(await svc.storedKeys(id)).toHaveLength(1)
    expect((await call('org-m10', 'DELETE', `/${id}`)).status).toBe(204)
    expect((await call('org-m10', 'GET', `/${id}`)).status).toBe(404)
    expect(await svc.storedKeys(id)).toEqual([])
    expect(await outboxSubjects(id)).toContain(MeetingSubjects.deleted)
  })
})
