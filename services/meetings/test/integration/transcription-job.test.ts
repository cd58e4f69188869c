import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RequestSubjects, ZSummarizeMeetingRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import { jobDurations } from '@plumbline/service-kit'
import { makeSpeechWebm } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MeetingsTestService, memberOf, startMeetingsTestService } from '../support/meetings-test-service.js'

// A recording through the whole job with the embedded offline recogniser: uploaded as the browser
// sends it (opus in webm), transcribed by pocketsphinx with honest progress, summarised over
// rpc.ai.meeting.summarize, completed.

let svc: MeetingsTestService
let summarizer: Replier
let dir: string
const orgId = 'org-offline'
const progress: number[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'meetings-job-'))
  await makeSpeechWebm('Sarah will send the permit by Friday. We need to order the shingles tomorrow.', join(dir, 'meeting.webm'))
  svc = await startMeetingsTestService({ worker: true, env: { TRANSCRIPTION_PROVIDER: 'pocketsphinx', POCKETSPHINX_CHUNK_SECONDS: '5' } })
  // The ai service's side (its writer is tested there): the transcript's first sentence as summary.
  summarizer = reply(
    svc.deps.bus,
    RequestSubjects.summarizeMeeting,
    async (req) => ({ summary: req.segments[0]?.text ?? '', actionItems: [], provider: 'builtin' }),
    ZSummarizeMeetingRequest,
  )
}, 120_000)
afterAll(async () => {
  await summarizer?.stop()
  await svc?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a recording transcribed offline', () => {
  it('is transcribed by pocketsphinx with progress, summarised and completed', async () => {
    const headers = await memberOf(orgId)
    const created = await svc.call('POST', `/organizations/${orgId}/meetings`, { body: { title: 'Permit call' }, headers })
    const id = created.json.id as string
    const form = new FormData()
    form.append('audio', new Blob([await readFile(join(dir, 'meeting.webm'))]), 'recording.webm')
    const upload = await fetch(`${svc.url}/organizations/${orgId}/meetings/${id}/transcribe`, { method: 'POST', body: form, headers })
    expect(upload.status).toBe(202)
    expect(await upload.json()).toEqual({ id, status: 'transcribing' })

    const deadline = Date.now() + 90_000
    let meeting: any
    for (;;) {
      meeting = (await svc.call('GET', `/organizations/${orgId}/meetings/${id}`, { headers })).json
      if (meeting.status === 'transcribing' && meeting.progress !== null) progress.push(meeting.progress)
      if (meeting.status !== 'transcribing') break
      if (Date.now() > deadline) throw new Error(`still transcribing: ${meeting.statusMessage}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(meeting.status, meeting.statusMessage).toBe('completed')
    expect(meeting.transcriptionProvider).toBe('pocketsphinx')
    expect(meeting.audio).toMatchObject({ contentType: 'audio/webm', fileName: 'recording.webm' })
    const words = meeting.segments.map((s: { text: string }) => s.text.toLowerCase()).join(' ')
    expect(words).toMatch(/permit|friday|shingles|order|send/)
    const starts = meeting.segments.map((s: { startMs: number }) => s.startMs)
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(meeting.duration).toBeGreaterThan(2)
    expect(meeting.summary).toBe(meeting.segments[0].text)
    // The list saw the job move (chunks of 5 s), never backwards.
    expect(progress.length).toBeGreaterThan(0)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    // The worker reported the delivery's duration for the Jobs dashboard.
    const durations = await jobDurations.get()
    const done = durations.values.find(
      (v) => v.metricName === 'job_duration_seconds_count' && v.labels.job === 'meetings-transcription-worker' && v.labels.outcome === 'done',
    )
    expect(done?.value).toBeGreaterThanOrEqual(1)
  }, 120_000)
})
