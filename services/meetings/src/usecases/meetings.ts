import { randomUUID } from 'node:crypto'
import {
  ErrorCode,
  MEETING_TRANSCRIPT_MAX_BYTES,
  type Meeting,
  type MeetingDetail,
  MeetingMessages,
  type MeetingStatus,
  meetingTooLarge,
  type TranscriptionInfo,
} from '@plumbline/contracts'
import { AppError, badRequest, inTransaction, notFound, type OrgContext } from '@plumbline/service-kit'
import type { Db, Tx } from '../data/db.js'
import {
  deleteMeetingRow,
  findMeetingDetailRow,
  findMeetingRow,
  insertMeeting,
  listMeetingRows,
  putMeetingAudio,
  saveTranscript,
  setMeetingState,
  toMeeting,
  toMeetingDetail,
} from '../data/meetings-repo.js'
import { cancelMeetingJobs, createTranscriptionJob, hasActiveJob, type JobStage } from '../data/transcription-jobs-repo.js'
import type { MeetingsDeps } from '../deps.js'
import type { FileSource } from '../domain/file-source.js'
import { type AudioType, headSource, SNIFF_BYTES, type SniffResult, sniffAudio } from '../domain/sniff-audio.js'
import { parseTranscriptFile } from '../domain/transcript-files.js'
import { recordMeetingEvent, requestTranscription } from '../events/record-events.js'
import { storedBytes } from '../storage/audio-storage.js'

type Deps = Pick<MeetingsDeps, 'prisma'>

export const meetingNotFound = () => notFound('Meeting')

/** 415 for an upload that is not a recording (a playlist or file list says so), naming the field. */
export function refuseAudio(field: string, reason: 'playlist' | 'not-audio'): AppError {
  const message = reason === 'playlist' ? MeetingMessages.playlist : MeetingMessages.notAudio
  return new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, message, [{ field, message }], { connection: 'close' })
}

/** The upload's head check: refuses what is surely not a recording before any byte is stored. */
export async function checkAudioHead(field: string, head: Buffer, complete: boolean): Promise<{ sniffed: SniffResult; refusal: AppError | null }> {
  const sniffed = await sniffAudio(headSource(head, complete))
  return { sniffed, refusal: sniffed.kind === 'refused' ? refuseAudio(field, sniffed.reason) : null }
}

export async function listMeetings(deps: Deps, ctx: OrgContext, search?: string): Promise<Meeting[]> {
  return (await listMeetingRows(deps.prisma, ctx.orgId, search)).map(toMeeting)
}

export async function getMeeting(deps: Deps, ctx: OrgContext, id: string): Promise<MeetingDetail> {
  const row = await findMeetingDetailRow(deps.prisma, ctx.orgId, id)
  if (!row) throw meetingNotFound()
  return toMeetingDetail(row)
}

/** Spec 001 §7: POST /meetings answers the new id; the meeting waits for its recording. */
export async function createMeeting(deps: Deps, ctx: OrgContext, body: { title: string; description: string | null }): Promise<{ id: string }> {
  return inTransaction(deps, async (tx) => {
    const meeting = await insertMeeting(tx, ctx.orgId, { createdBy: ctx.userId, title: body.title, description: body.description })
    await recordMeetingEvent(tx, 'created', ctx.orgId, ctx.userId, meeting)
    return { id: meeting.id }
  })
}

export async function deleteMeeting(deps: Pick<MeetingsDeps, 'prisma' | 'storage' | 'logger'>, ctx: OrgContext, id: string): Promise<void> {
  const audioKey = await inTransaction(deps, async (tx) => {
    const row = await findMeetingRow(tx, ctx.orgId, id)
    if (!row) throw meetingNotFound()
    // A running job's worker finds its row gone and stops at its next step.
    await deleteMeetingRow(tx, ctx.orgId, row.id)
    await recordMeetingEvent(tx, 'deleted', ctx.orgId, ctx.userId, row)
    return row.audio?.storageKey ?? null
  })
  if (audioKey) await deleteAudioQuietly(deps, audioKey)
}

async function deleteAudioQuietly(deps: Pick<MeetingsDeps, 'storage' | 'logger'>, key: string): Promise<void> {
  // The row is gone already; a file left behind is wasted space, not a lost write.
  await deps.storage.delete(key).catch((err: unknown) => deps.logger.warn({ err: (err as Error).message, key }, 'audio file not deleted'))
}

/** Starts (or restarts) the meeting's job at `stage`, replacing a queued or running one. */
async function startJob(tx: Tx, ctx: OrgContext, meetingId: string, stage: JobStage, message: string): Promise<void> {
  await cancelMeetingJobs(tx, meetingId)
  const job = await createTranscriptionJob(tx, { orgId: ctx.orgId, meetingId, stage })
  await setMeetingState(tx, ctx.orgId, meetingId, { status: 'transcribing', statusMessage: message, progress: 0 })
  await requestTranscription(tx, ctx.orgId, ctx.userId, job.id)
}

async function refuseWhileTranscribing(db: Db, meetingId: string): Promise<void> {
  if (await hasActiveJob(db, meetingId)) throw new AppError(409, ErrorCode.CONFLICT, MeetingMessages.alreadyRunning)
}

/**
 * POST /meetings/{id}/transcribe: streams the recording (multipart field "audio") into storage,
 * then queues its transcription. With no recogniser available the meeting keeps its audio and
 * says why (status unavailable); a transcript can be imported instead.
 */
export async function uploadRecording(
  deps: Pick<MeetingsDeps, 'prisma' | 'storage' | 'transcriber' | 'logger' | 'env'>,
  ctx: OrgContext,
  id: string,
  upload: FileSource,
): Promise<{ id: string; status: MeetingStatus }> {
  const before = await findMeetingRow(deps.prisma, ctx.orgId, id)
  if (!before) throw meetingNotFound()
  await refuseWhileTranscribing(deps.prisma, before.id)
  const key = `${before.id}-${randomUUID()}`
  let head: SniffResult | null = null
  const { stored, fileName } = await upload({
    field: 'audio',
    maxBytes: deps.env.MEETINGS_AUDIO_MAX_BYTES,
    tooLarge: meetingTooLarge(deps.env.MEETINGS_AUDIO_MAX_BYTES),
    missing: MeetingMessages.audioMissing,
    headBytes: SNIFF_BYTES,
    checkHead: async (bytes, complete) => {
      const checked = await checkAudioHead('audio', bytes, complete)
      head = checked.sniffed
      return checked.refusal
    },
    sink: async (file, name) => ({ stored: await deps.storage.put(key, file), fileName: name }),
  })
  const audio = await storedAudioType(deps, key, stored.sizeBytes, head)
  const recogniser = deps.transcriber.info()
  try {
    const replaced = await inTransaction(deps, async (tx) => {
      const row = await findMeetingRow(tx, ctx.orgId, id)
      if (!row) throw meetingNotFound()
      await refuseWhileTranscribing(tx, row.id)
      await putMeetingAudio(tx, row.id, {
        storageKey: key,
        contentType: audio.contentType,
        sizeBytes: BigInt(stored.sizeBytes),
        sha256: stored.sha256,
        fileName: fileName || `recording.${audio.extension}`,
      })
      if (recogniser.available) await startJob(tx, ctx, row.id, 'transcribe', `Waiting to transcribe (${recogniser.label})`)
      else
        await setMeetingState(tx, ctx.orgId, row.id, {
          status: 'unavailable',
          progress: null,
          statusMessage: unavailableMessage(recogniser.reason, recogniser.hint),
        })
      return row.audio?.storageKey ?? null
    })
    if (replaced) await deleteAudioQuietly(deps, replaced)
  } catch (err) {
    await deleteAudioQuietly(deps, key)
    throw err
  }
  return { id: before.id, status: recogniser.available ? 'transcribing' : 'unavailable' }
}

/**
 * The stored recording's container: the head's answer, or, when the head ended inside a long ID3
 * tag, the stored file's (read past the tag). Not audio: the file is removed and refused.
 */
async function storedAudioType(deps: Pick<MeetingsDeps, 'storage' | 'logger'>, key: string, size: number, head: SniffResult | null): Promise<AudioType> {
  const sniffed = head?.kind === 'undecided' ? await sniffAudio(storedBytes(deps.storage, key, size)) : head
  if (sniffed?.kind === 'audio') return sniffed.type
  await deleteAudioQuietly(deps, key)
  throw refuseAudio('audio', sniffed?.kind === 'refused' ? sniffed.reason : 'not-audio')
}

export function unavailableMessage(reason: string | null | undefined, hint: string | null | undefined): string {
  const why = reason ? `: ${reason.replace(/\.+$/, '')}.` : '.'
  return `Transcription is unavailable${why}${hint ? ` ${hint}` : ''} You can import a transcript instead.`
}

/**
 * Imports a transcript file (WebVTT, SRT or plain text, multipart field "transcript") in place of
 * a recognised one; it takes the same summary and action-item path.
 */
export async function importTranscript(
  deps: Pick<MeetingsDeps, 'prisma'>,
  ctx: OrgContext,
  id: string,
  upload: FileSource,
): Promise<{ id: string; status: MeetingStatus }> {
  if (!(await findMeetingRow(deps.prisma, ctx.orgId, id))) throw meetingNotFound()
  const text = await upload({
    field: 'transcript',
    maxBytes: MEETING_TRANSCRIPT_MAX_BYTES,
    tooLarge: `The transcript is larger than ${MEETING_TRANSCRIPT_MAX_BYTES / 1024 / 1024} MB`,
    missing: MeetingMessages.transcriptMissing,
    headBytes: 512,
    // Binary content (NUL bytes up front) is not a transcript.
    checkHead: (head) =>
      head.includes(0)
        ? new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, MeetingMessages.transcriptNotText, [
            { field: 'transcript', message: MeetingMessages.transcriptNotText },
          ])
        : null,
    sink: async (file) => {
      const chunks: Buffer[] = []
      for await (const chunk of file) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString('utf8')
    },
  })
  // PostgreSQL text cannot hold U+0000; a stray one later in the file is dropped, not a failure.
  const segments = parseTranscriptFile(text.replaceAll('\u0000', ''))
  if (!segments.length) throw badRequest(MeetingMessages.transcriptEmpty, [{ field: 'transcript', message: MeetingMessages.transcriptEmpty }])
  await inTransaction(deps, async (tx) => {
    const row = await findMeetingRow(tx, ctx.orgId, id)
    if (!row) throw meetingNotFound()
    await cancelMeetingJobs(tx, row.id)
    await saveTranscript(tx, row.id, segments, 'import')
    await startJob(tx, ctx, row.id, 'summarize', 'Writing the summary')
  })
  return { id, status: 'transcribing' }
}

export function transcriptionInfo(deps: Pick<MeetingsDeps, 'transcriber'>): TranscriptionInfo {
  const info = deps.transcriber.info()
  return { id: info.id, label: info.label, available: info.available, reason: info.reason ?? null, hint: info.hint ?? null }
}
