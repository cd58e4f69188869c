import { createReadStream } from 'node:fs'
import type { TranscriptSegment } from '@plumbline/contracts'
import { externalApiCalls } from '@plumbline/service-kit'
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'
import { type AudioChunk, findExecutable, forEachChunk, WAV_BYTES_PER_SECOND } from './audio.js'
import type { Transcript, TranscriptionProvider, TranscriptionProviderInfo } from './provider.js'
import { TranscriptionFailedError, TranscriptionUnavailableError } from './provider.js'
import { withRetries } from './retries.js'

/**
 * Any OpenAI-compatible `audio/transcriptions` endpoint through the official SDK: OpenAI itself,
 * or a self-hosted whisper.cpp / faster-whisper server at OPENAI_BASE_URL. Audio goes up as
 * 16 kHz mono WAV chunks (every such server reads WAV; whisper.cpp's reads nothing else without
 * a flag), each short enough to stay under the 25 MB upload limit.
 */
export type OpenAiTranscriptionSettings = {
  apiKey?: string
  baseURL?: string
  model: string
  /** One upload's answer; a slower one counts as a failed attempt. */
  timeoutMs: number
  /** Attempts per chunk on 429, 5xx, timeouts and connection errors. */
  maxAttempts: number
  retryBaseMs: number
  /** At most MAX_OPENAI_CHUNK_SECONDS. */
  chunkSeconds: number
  /** Parent of the temporary directory for converted audio; the system's when unset. */
  tmpDir?: string
}

/** OpenAI's upload limit, 25 MB. */
export const OPENAI_UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024
/** The longest WAV chunk under the upload limit, with room for the header and the form around it. */
export const MAX_OPENAI_CHUNK_SECONDS = Math.floor((OPENAI_UPLOAD_LIMIT_BYTES - 64 * 1024) / WAV_BYTES_PER_SECOND)

type AnswerFormat = 'verbose_json' | 'json' | 'diarized_json'

/**
 * The richest answer the model gives: segments with speakers from a diarizing model, segments
 * with timestamps from whisper (and whisper servers), text only from gpt-4o(-mini)-transcribe,
 * which refuse verbose_json.
 */
export function answerFormatFor(model: string): AnswerFormat {
  if (/diariz/i.test(model)) return 'diarized_json'
  if (/^gpt-4o/i.test(model)) return 'json'
  return 'verbose_json'
}

type Answer = string | { text?: string; language?: string; segments?: { start: number; end: number; text: string; speaker?: string }[] }

/**
 * One chunk's answer as segments on the recording's clock. Timestamps past the chunk's end
 * (whisper rounds up) are held to it, so stitched chunks never overlap; an answer without
 * segments is one segment spanning the chunk.
 */
export function answerToSegments(answer: Answer, chunk: AudioChunk): TranscriptSegment[] {
  const chunkEnd = chunk.startMs + chunk.durationMs
  const onClock = (seconds: number) => Math.min(chunkEnd, chunk.startMs + Math.max(0, Math.round(seconds * 1000)))
  if (typeof answer !== 'string' && Array.isArray(answer.segments) && answer.segments.length) {
    return answer.segments
      .map((s) => {
        const startMs = onClock(s.start)
        return { startMs, endMs: Math.max(startMs, onClock(s.end)), text: s.text.trim(), speaker: s.speaker ?? null }
      })
      .filter((s) => s.text)
  }
  const text = (typeof answer === 'string' ? answer : (answer.text ?? '')).trim()
  return text ? [{ startMs: chunk.startMs, endMs: chunkEnd, text, speaker: null }] : []
}

const retryAfterMs = (err: APIError): number | undefined => {
  const seconds = Number(err.headers?.get?.('retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined
}

/** Maps the SDK's failures onto TranscriptionFailedError (retryable or not) without leaking response bodies. */
function toFailure(err: unknown): TranscriptionFailedError {
  if (err instanceof TranscriptionFailedError) return err
  if (err instanceof APIConnectionTimeoutError) return new TranscriptionFailedError('The transcription service timed out', true)
  if (err instanceof APIConnectionError) return new TranscriptionFailedError(`The transcription service could not be reached: ${err.message}`, true)
  if (err instanceof APIError && typeof err.status === 'number') {
    const retryable = err.status === 408 || err.status === 409 || err.status === 429 || err.status >= 500
    return new TranscriptionFailedError(`The transcription service answered HTTP ${err.status}`, retryable, err.status, retryAfterMs(err))
  }
  return new TranscriptionFailedError(`Transcription failed: ${(err as Error)?.message ?? String(err)}`, true)
}

export function createOpenAiTranscriptionProvider(settings: OpenAiTranscriptionSettings): TranscriptionProvider {
  if (settings.chunkSeconds > MAX_OPENAI_CHUNK_SECONDS) throw new RangeError(`chunkSeconds must be at most ${MAX_OPENAI_CHUNK_SECONDS} (25 MB of 16 kHz WAV)`)
  const client = new OpenAI({
    // Self-hosted servers accept any key; the SDK insists on one.
    apiKey: settings.apiKey ?? 'not-needed',
    baseURL: settings.baseURL,
    timeout: settings.timeoutMs,
    // Retries are ours (withRetries): one bounded policy, and a cancel that stops the waiting too.
    maxRetries: 0,
  })
  const missing = findExecutable('ffmpeg') && findExecutable('ffprobe') ? null : 'ffmpeg is not installed (needed to read recordings; apt-get install ffmpeg).'
  const where = settings.baseURL ? new URL(settings.baseURL).host : 'OpenAI'
  const info: TranscriptionProviderInfo = {
    id: 'openai',
    label: `${settings.model} (${where})`,
    available: missing === null,
    ...(missing ? { reason: missing } : {}),
  }
  // Learnt once per process: a server that refuses verbose_json (HTTP 400) is asked for json after.
  let format = answerFormatFor(settings.model)

  async function upload(chunkPath: string, signal?: AbortSignal): Promise<Answer> {
    const file = createReadStream(chunkPath)
    const params = {
      file,
      model: settings.model,
      response_format: format,
      ...(format === 'verbose_json' ? { timestamp_granularities: ['segment' as const] } : {}),
      // Required by the diarizing model for inputs over 30 s.
      ...(format === 'diarized_json' ? { chunking_strategy: 'auto' as const } : {}),
    }
    try {
      const answer = (await client.audio.transcriptions.create(params, { signal })) as Answer
      externalApiCalls.inc({ provider: 'openai-transcription', outcome: 'ok' })
      return answer
    } catch (err) {
      if (err instanceof APIUserAbortError && signal?.aborted) throw signal.reason
      externalApiCalls.inc({ provider: 'openai-transcription', outcome: 'error' })
      if (err instanceof APIError && err.status === 400 && format === 'verbose_json') {
        format = 'json'
        return upload(chunkPath, signal)
      }
      throw toFailure(err)
    } finally {
      // A refused or timed-out upload may leave the stream unread: close its file.
      file.destroy()
    }
  }

  return {
    info: () => info,
    async transcribe(audioPath, options = {}): Promise<Transcript> {
      if (missing) throw new TranscriptionUnavailableError(missing)
      const { signal } = options
      const policy = { maxAttempts: settings.maxAttempts, baseMs: settings.retryBaseMs }
      let language: string | null = null
      const perChunk = await forEachChunk(
        audioPath,
        { chunkSeconds: settings.chunkSeconds, tmpDir: settings.tmpDir, signal },
        async (chunkPath, chunk, chunks) => {
          const answer = await withRetries(() => upload(chunkPath, signal), policy, signal)
          if (typeof answer !== 'string' && answer.language) language ??= answer.language
          options.onProgress?.((chunk.index + 1) / chunks.length)
          return answerToSegments(answer, chunk)
        },
      )
      const segments = perChunk.flat()
      return { text: segments.map((s) => s.text).join(' '), segments, language }
    },
  }
}
