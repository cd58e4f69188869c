import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { ErrorCode, MEETING_CHUNK_MAX_BYTES, MeetingMessages, meetingTooLarge } from '@plumbline/contracts'
import { AppError, type OrgContext } from '@plumbline/service-kit'
import { findMeetingRow } from '../data/meetings-repo.js'
import type { MeetingsDeps } from '../deps.js'
import type { FileSource } from '../domain/file-source.js'
import { SNIFF_BYTES } from '../domain/sniff-audio.js'
import { createDiskAudioStorage } from '../storage/disk-audio-storage.js'
import { TranscriptionFailedError, TranscriptionUnavailableError } from '../transcription/provider.js'
import { checkAudioHead, meetingNotFound } from './meetings.js'

type Deps = Pick<MeetingsDeps, 'prisma' | 'storage' | 'transcriber'>

export type AudioStream = { stream: Readable; contentType: string; sizeBytes: number; range: { start: number; end: number } | null }

/** `bytes=start-end` (either end open) within size; undefined when absent; null when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  if (!header) return undefined
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1])
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  return start <= end && start < size ? { start, end } : null
}

/** The recording for the detail view's player, with byte ranges so it can seek. */
export async function readAudio(deps: Deps, ctx: OrgContext, id: string, rangeHeader: string | undefined): Promise<AudioStream> {
  const row = await findMeetingRow(deps.prisma, ctx.orgId, id)
  if (!row?.audio) throw meetingNotFound()
  const sizeBytes = Number(row.audio.sizeBytes)
  const range = parseRange(rangeHeader, sizeBytes)
  if (range === null)
    throw new AppError(416, ErrorCode.VALIDATION_FAILED, 'The requested range is not in the recording', undefined, { 'content-range': `bytes */${sizeBytes}` })
  const stream = await deps.storage.read(row.audio.storageKey, range)
  if (!stream) throw meetingNotFound()
  return { stream, contentType: row.audio.contentType, sizeBytes, range: range ?? null }
}

/**
 * POST /meetings/{id}/live-transcribe (spec 001 §7: defined, unused by the spec's UI): transcribes
 * one short chunk (multipart "audioChunk") at once and answers its text. Nothing is stored.
 */
export async function liveTranscribe(deps: Deps, ctx: OrgContext, id: string, upload: FileSource): Promise<{ transcription: string }> {
  if (!(await findMeetingRow(deps.prisma, ctx.orgId, id))) throw meetingNotFound()
  const dir = await mkdtemp(join(tmpdir(), 'plumbline-chunk-'))
  try {
    const scratch = createDiskAudioStorage(dir)
    await upload({
      field: 'audioChunk',
      maxBytes: MEETING_CHUNK_MAX_BYTES,
      tooLarge: meetingTooLarge(MEETING_CHUNK_MAX_BYTES),
      missing: MeetingMessages.chunkMissing,
      headBytes: SNIFF_BYTES,
      // The chunk is decoded from disk later, where its whole file is checked again before ffmpeg runs.
      checkHead: async (head, complete) => (await checkAudioHead('audioChunk', head, complete)).refusal,
      sink: (file) => scratch.put('chunk', file),
    })
    // The chunk is read and checked first: bad input is a 4xx whether or not a recogniser runs.
    const info = deps.transcriber.info()
    if (!info.available) throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, `Transcription is unavailable: ${info.reason ?? 'no recogniser is configured'}`)
    try {
      return { transcription: (await deps.transcriber.transcribe(join(dir, 'chunk'))).text }
    } catch (err) {
      if (err instanceof TranscriptionUnavailableError) throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, `Transcription is unavailable: ${err.message}`)
      if (err instanceof TranscriptionFailedError && err.retryable)
        throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The speech recogniser is busy. Please try again shortly.', undefined, { 'retry-after': '5' })
      // It looked like audio but could not be decoded or recognised.
      throw new AppError(422, ErrorCode.VALIDATION_FAILED, MeetingMessages.processingFailed, [
        { field: 'audioChunk', message: MeetingMessages.processingFailed },
      ])
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
