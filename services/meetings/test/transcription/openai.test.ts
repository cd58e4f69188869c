import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeSpeechWav, repeatWav } from '@plumbline/testing'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AudioFormatError } from '../../src/transcription/audio.js'
import {
  answerFormatFor,
  answerToSegments,
  createOpenAiTranscriptionProvider,
  MAX_OPENAI_CHUNK_SECONDS,
  type OpenAiTranscriptionSettings,
} from '../../src/transcription/openai.js'
import { TranscriptionFailedError } from '../../src/transcription/provider.js'
import { type AudioTestServer, startAudioTestServer } from './openai-audio-test-server.js'

let dir: string
let scratch: string
let shortWav: string
let longWav: string
let server: AudioTestServer

const provider = (overrides: Partial<OpenAiTranscriptionSettings> = {}) =>
  createOpenAiTranscriptionProvider({
    baseURL: server.baseURL,
    model: 'whisper-1',
    timeoutMs: 5_000,
    maxAttempts: 3,
    retryBaseMs: 10,
    chunkSeconds: 10,
    tmpDir: scratch,
    ...overrides,
  })

function expectInOrder(segments: { startMs: number; endMs: number }[]) {
  for (const [i, s] of segments.entries()) {
    expect(s.endMs).toBeGreaterThanOrEqual(s.startMs)
    if (i > 0) expect(s.startMs).toBeGreaterThanOrEqual(segments[i - 1]?.endMs ?? 0)
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openai-transcription-test-'))
  scratch = join(dir, 'scratch')
  await mkdir(scratch)
  shortWav = join(dir, 'short.wav')
  longWav = join(dir, 'long.wav')
  await makeSpeechWav('The kitchen cabinets arrive next week.', shortWav)
  // About 3 × 8.4 s: three uploads of 10 s chunks.
  await makeSpeechWav('Sarah will send the permit by Friday. We need to order more tiles for the bathroom.', join(dir, 'sentence.wav'))
  await repeatWav(join(dir, 'sentence.wav'), 3, longWav)
})
afterAll(() => rm(dir, { recursive: true, force: true }))
beforeEach(async () => {
  server = await startAudioTestServer()
})
afterEach(async () => {
  await server.close()
  expect(await readdir(scratch)).toEqual([])
})

describe('the OpenAI-compatible recogniser over the wire', () => {
  it('uploads 16 kHz WAV chunks asking for segment timestamps, and stitches the segments onto the recording clock', async () => {
    const progress: number[] = []
    const transcript = await provider().transcribe(longWav, { onProgress: (f) => progress.push(f) })
    expect(server.uploads).toHaveLength(3)
    for (const upload of server.uploads) {
      expect(upload.fields.model).toEqual(['whisper-1'])
      expect(upload.fields.response_format).toEqual(['verbose_json'])
      expect(upload.fields['timestamp_granularities[]']).toEqual(['segment'])
    }
    expect(server.uploads.map((u) => u.file.durationMs)).toEqual([10_000, 10_000, expect.any(Number)])
    expect(progress).toEqual([1 / 3, 2 / 3, 1])
    expectInOrder(transcript.segments)
    // The test server numbers its answers: request 2's first segment starts at the second chunk.
    expect(transcript.segments.find((s) => s.text === 'Request 2 segment 0.')).toMatchObject({ startMs: 10_000, endMs: 14_000 })
    expect(transcript.segments.find((s) => s.text === 'Request 3 segment 0.')).toMatchObject({ startMs: 20_000 })
    expect(transcript.segments.every((s) => s.speaker === null)).toBe(true)
    expect(transcript.text.startsWith('Request 1 segment 0. Request 1 segment 1.')).toBe(true)
    expect(transcript.language).toBe('english')
  })

  it('asks a text-only model for json and makes each chunk one segment', async () => {
    const transcript = await provider({ model: 'gpt-4o-mini-transcribe' }).transcribe(longWav)
    expect(server.uploads.map((u) => u.fields.response_format?.[0])).toEqual(['json', 'json', 'json'])
    expect(server.uploads[0]?.fields['timestamp_granularities[]']).toBeUndefined()
    expect(transcript.segments.map((s) => s.startMs)).toEqual([0, 10_000, 20_000])
    expect(transcript.segments[0]).toMatchObject({ endMs: 10_000, text: 'Request 1 segment 0. Request 1 segment 1. Request 1 segment 2.' })
  })

  it('falls back to json, for good, when the server refuses verbose_json', async () => {
    server.queue = [{ kind: 'status', status: 400 }]
    const transcript = await provider().transcribe(longWav)
    expect(server.uploads.map((u) => u.fields.response_format?.[0])).toEqual(['verbose_json', 'json', 'json', 'json'])
    expect(transcript.segments).toHaveLength(3)
  })

  it('takes a plain-text answer as one segment', async () => {
    server.fallback = { kind: 'ok', answer: () => ({ contentType: 'text/plain', body: 'The kitchen cabinets arrive next week.\n' }) }
    const transcript = await provider().transcribe(shortWav)
    expect(transcript).toEqual({
      text: 'The kitchen cabinets arrive next week.',
      segments: [{ startMs: 0, endMs: expect.any(Number), text: 'The kitchen cabinets arrive next week.', speaker: null }],
      language: null,
    })
    expect(transcript.segments[0]?.endMs).toBeGreaterThan(2_000)
  })

  it('retries after a 429 (waiting the Retry-After) and succeeds', async () => {
    server.queue = [{ kind: 'status', status: 429, headers: { 'retry-after': '1' } }]
    const started = Date.now()
    const transcript = await provider().transcribe(shortWav)
    expect(server.uploads).toHaveLength(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
    expect(transcript.segments[0]?.text).toBe('Request 2 segment 0.')
  })

  it('retries after a 500 and succeeds', async () => {
    server.queue = [{ kind: 'status', status: 500 }]
    const transcript = await provider().transcribe(shortWav)
    expect(server.uploads).toHaveLength(2)
    expect(transcript.segments[0]?.text).toBe('Request 2 segment 0.')
  })

  it('gives up on a slow answer at the timeout and retries', async () => {
    // Margins for a loaded machine: the retry must fit in its deadline, the slow answer must not.
    server.queue = [{ kind: 'ok', delayMs: 8_000 }]
    const started = Date.now()
    const transcript = await provider({ timeoutMs: 2_000 }).transcribe(shortWav)
    expect(server.uploads).toHaveLength(2)
    expect(Date.now() - started).toBeLessThan(7_500)
    expect(transcript.segments[0]?.text).toBe('Request 2 segment 0.')
  })

  it('fails, retryable, after its bounded attempts when the server keeps failing', async () => {
    server.fallback = { kind: 'status', status: 503 }
    const error = await provider()
      .transcribe(shortWav)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TranscriptionFailedError)
    expect(error).toMatchObject({ retryable: true, status: 503, message: 'The transcription service answered HTTP 503' })
    expect(server.uploads).toHaveLength(3)
  })

  it('does not retry a refusal such as a wrong key', async () => {
    server.fallback = { kind: 'status', status: 401 }
    await expect(provider().transcribe(shortWav)).rejects.toMatchObject({ retryable: false, status: 401 })
    expect(server.uploads).toHaveLength(1)
  })

  it('stops at once when the signal aborts during an upload', async () => {
    server.fallback = { kind: 'ok', delayMs: 4_000 }
    const controller = new AbortController()
    let abortedAt = 0
    // Aborts once the upload reached the server (however long the conversion before it took on a busy machine).
    const watcher = setInterval(() => {
      if (server.uploads.length === 0) return
      clearInterval(watcher)
      abortedAt = Date.now()
      controller.abort(new Error('meeting deleted'))
    }, 20)
    await expect(provider().transcribe(shortWav, { signal: controller.signal })).rejects.toThrow('meeting deleted')
    clearInterval(watcher)
    expect(abortedAt).toBeGreaterThan(0)
    expect(Date.now() - abortedAt).toBeLessThan(2_000)
    expect(server.uploads).toHaveLength(1)
  })

  it('refuses a file that is not audio before uploading anything', async () => {
    const notAudio = join(dir, 'notes.ogg')
    await writeFile(notAudio, '<html>not a recording</html>')
    await expect(provider().transcribe(notAudio)).rejects.toBeInstanceOf(AudioFormatError)
    expect(server.uploads).toHaveLength(0)
  })

  it('names the model and the server in the UI', () => {
    expect(provider().info()).toEqual({ id: 'openai', label: `whisper-1 (${new URL(server.baseURL).host})`, available: true })
  })
})

describe('answers and limits', () => {
  it('chooses the richest answer each model gives', () => {
    expect(answerFormatFor('whisper-1')).toBe('verbose_json')
    expect(answerFormatFor('Systran/faster-whisper-small')).toBe('verbose_json')
    expect(answerFormatFor('gpt-4o-transcribe')).toBe('json')
    expect(answerFormatFor('gpt-4o-transcribe-diarize')).toBe('diarized_json')
  })

  it('holds timestamps inside their chunk and keeps speakers', () => {
    const chunk = { index: 1, startMs: 600_000, durationMs: 10_000 }
    expect(
      answerToSegments(
        {
          text: 'a b',
          segments: [
            { start: 0, end: 4.2, text: ' Sarah will send it. ', speaker: 'A' },
            { start: 9.5, end: 10.4, text: 'Fine.', speaker: 'B' },
            { start: 10.4, end: 10.5, text: '  ' },
          ],
        },
        chunk,
      ),
    ).toEqual([
      { startMs: 600_000, endMs: 604_200, text: 'Sarah will send it.', speaker: 'A' },
      { startMs: 609_500, endMs: 610_000, text: 'Fine.', speaker: 'B' },
    ])
    expect(answerToSegments('', chunk)).toEqual([])
  })

  it('keeps every chunk under the 25 MB upload limit', () => {
    expect(MAX_OPENAI_CHUNK_SECONDS * 32_000).toBeLessThan(25 * 1024 * 1024)
    expect(() => provider({ chunkSeconds: MAX_OPENAI_CHUNK_SECONDS + 1 })).toThrow(RangeError)
  })
})
