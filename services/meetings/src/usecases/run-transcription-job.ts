import { MeetingMessages, type SummarizeMeetingReply } from '@plumbline/contracts'
import { holdLease, type JobOutcome, type JobRef, type JobRunOptions } from '@plumbline/messaging'
import { inTransaction, reportJobFailure } from '@plumbline/service-kit'
import { replaceOpenActionItems } from '../data/action-items-repo.js'
import { findMeetingAudio, findMeetingWithSegments, saveTranscript, setMeetingState, setMeetingStateIfPresent } from '../data/meetings-repo.js'
import {
  abandonTranscriptionJob,
  advanceStage,
  claimTranscriptionJob,
  findTranscriptionJob,
  finishTranscriptionJob,
  holdsJob,
  leaseRemainingMs,
  releaseTranscriptionLease,
  renewTranscriptionLease,
  type TranscriptionJobRow,
} from '../data/transcription-jobs-repo.js'
import type { MeetingsDeps } from '../deps.js'
import { recordMeetingEvent } from '../events/record-events.js'
import { TRANSCRIPTION_WORKER_DURABLE } from '../events/subjects.js'
import { requestSummary } from '../events/summarize-meeting.js'
import { AudioFormatError } from '../transcription/audio.js'
import { TranscriptionFailedError, TranscriptionUnavailableError } from '../transcription/provider.js'
import { unavailableMessage } from './meetings.js'

const LOST = 'lease-lost'
const TERMINAL = new Set(['completed', 'failed', 'cancelled'])

/** A step of the job that failed for good: the meeting says so and the job ends. */
class JobFailure extends Error {
  constructor(
    readonly status: 'failed' | 'unavailable',
    readonly userMessage: string,
  ) {
    super(userMessage)
  }
}

/**
 * Runs one transcription job for a delivery of its message. Idempotent, as the ai service's
 * jobs: the job row decides, only the holder of its lease records anything, and a saved
 * transcript moves the job to its summarize stage, so a redelivery after a crash never
 * transcribes twice and a duplicated message yields one transcript and one completed event.
 */
export async function runTranscriptionJob(deps: MeetingsDeps, ref: JobRef, opts: JobRunOptions): Promise<JobOutcome> {
  const { prisma, workerId: owner, env } = deps
  const leaseMs = env.TRANSCRIPTION_LEASE_MS
  const job = await claimTranscriptionJob(prisma, ref.orgId, ref.jobId, owner, leaseMs)
  if (!job) {
    const current = await findTranscriptionJob(prisma, ref.jobId)
    if (!current || TERMINAL.has(current.status)) return { kind: 'done' }
    return { kind: 'busy', retryInMs: (await leaseRemainingMs(prisma, ref.jobId)) + 250 }
  }

  const lease = holdLease({
    leaseMs,
    renew: () => renewTranscriptionLease(prisma, job.id, owner, leaseMs),
    heartbeat: opts.heartbeat,
    stopping: opts.stopping,
    logger: deps.logger,
    jobId: job.id,
  })
  const { signal } = lease

  try {
    if (job.stage === 'transcribe') await transcribeStage(deps, job, signal)
    signal.throwIfAborted()
    await summarizeStage(deps, job, signal)
    return { kind: 'done' }
  } catch (err) {
    if (opts.stopping.aborted) {
      await releaseTranscriptionLease(prisma, job.id, owner).catch(() => {})
      return { kind: 'released' }
    }
    // Cancelled (a new upload or import, the meeting deleted) or taken over: the row is not ours now.
    if (lease.lost) return { kind: 'done' }
    if (err instanceof JobFailure) {
      reportJobFailure(deps.bus, 'meetings', { job: TRANSCRIPTION_WORKER_DURABLE, message: err.message, jobId: job.id })
      await endJob(deps, job, 'failed', { status: err.status, statusMessage: err.userMessage })
      return { kind: 'done' }
    }
    // Anything else (database, bus, a recogniser crash) is transient: hand the job back and retry.
    await releaseTranscriptionLease(prisma, job.id, owner).catch(() => {})
    throw err
  } finally {
    lease.release()
  }
}

/** Sets the meeting's progress while this worker holds the job; false means it lost the job. */
async function setProgress(deps: MeetingsDeps, job: TranscriptionJobRow, progress: number, statusMessage: string): Promise<boolean> {
  if (!(await holdsJob(deps.prisma, job.id, deps.workerId))) return false
  await setMeetingStateIfPresent(deps.prisma, job.organizationId, job.meetingId, { status: 'transcribing', progress, statusMessage })
  return true
}

async function transcribeStage(deps: MeetingsDeps, job: TranscriptionJobRow, signal: AbortSignal): Promise<void> {
  const audio = await findMeetingAudio(deps.prisma, job.organizationId, job.meetingId)
  if (!audio) throw new JobFailure('failed', MeetingMessages.processingFailed)
  const file = await deps.storage.localFile(audio.storageKey)
  if (!file) throw new JobFailure('failed', MeetingMessages.processingFailed)
  const label = deps.transcriber.info().label
  let transcript: Awaited<ReturnType<MeetingsDeps['transcriber']['transcribe']>>
  try {
    await setProgress(deps, job, 0, `Transcribing with the ${label}`)
    transcript = await deps.transcriber.transcribe(file.path, {
      signal,
      onProgress: (fraction) => void setProgress(deps, job, Math.min(0.95, fraction * 0.9), `Transcribing with the ${label}`).catch(() => {}),
    })
  } catch (err) {
    if (signal.aborted) throw err
    if (err instanceof TranscriptionUnavailableError) {
      const info = deps.transcriber.info()
      throw new JobFailure('unavailable', unavailableMessage(err.message || info.reason, info.hint))
    }
    if (err instanceof AudioFormatError) throw new JobFailure('failed', `${MeetingMessages.processingFailed}: ${err.message}`)
    // Rate limits, server errors and timeouts after the provider's own retries: the job retries later.
    if (err instanceof TranscriptionFailedError && err.retryable) throw err
    deps.logger.warn({ jobId: job.id, err: (err as Error).message }, 'transcription failed')
    throw new JobFailure('failed', MeetingMessages.processingFailed)
  } finally {
    await file.release()
  }
  signal.throwIfAborted()
  await inTransaction(deps, async (tx) => {
    if (!(await advanceStage(tx, job.id, deps.workerId, 'summarize'))) throw new Error(LOST)
    await saveTranscript(tx, job.meetingId, transcript.segments, deps.transcriber.info().id)
  })
}

async function summarizeStage(deps: MeetingsDeps, job: TranscriptionJobRow, signal: AbortSignal): Promise<void> {
  const meeting = await findMeetingWithSegments(deps.prisma, job.organizationId, job.meetingId)
  if (!meeting) throw new Error(LOST)
  const segments = meeting.segments.map((s) => ({ startMs: s.startMs, endMs: s.endMs, text: s.text, speaker: s.speaker }))
  if (!segments.length) {
    await endJob(deps, job, 'completed', { status: 'completed', statusMessage: 'No speech was recognised in the recording.', summary: null })
    return
  }
  await setProgress(deps, job, 0.95, 'Writing the summary and action items')
  // A summary that cannot be had now (the ai service down or slow) is retried with the job;
  // the transcript stays saved, so the retry starts here.
  const reply = await requestSummary(deps, meeting, segments)
  signal.throwIfAborted()
  await endJob(deps, job, 'completed', { status: 'completed', statusMessage: null, summary: reply })
}

type MeetingOutcome = { status: 'completed' | 'failed' | 'unavailable'; statusMessage: string | null; summary?: SummarizeMeetingReply | null }

/** Records the job's end and the meeting's state once, in one transaction with the completed event. */
async function endJob(deps: MeetingsDeps, job: TranscriptionJobRow, jobStatus: 'completed' | 'failed', outcome: MeetingOutcome): Promise<void> {
  await inTransaction(deps, async (tx) => {
    if (
      !(await finishTranscriptionJob(tx, job.id, deps.workerId, {
        status: jobStatus,
        error: jobStatus === 'failed' ? (outcome.statusMessage ?? undefined) : undefined,
      }))
    )
      return
    const summary = outcome.summary
    if (summary) await replaceOpenActionItems(tx, job.meetingId, summary.actionItems)
    const meeting = await setMeetingState(tx, job.organizationId, job.meetingId, {
      status: outcome.status,
      statusMessage: outcome.statusMessage,
      progress: null,
      ...(summary ? { summary: summary.summary, summaryProvider: summary.provider } : {}),
    })
    if (outcome.status === 'completed') await recordMeetingEvent(tx, 'completed', job.organizationId, meeting.createdBy, meeting)
  })
}

/** The job was given up after too many deliveries: say so on the meeting, keeping any transcript. */
export async function abandonTranscription(deps: MeetingsDeps, ref: JobRef): Promise<void> {
  const job = await abandonTranscriptionJob(deps.prisma, ref.orgId, ref.jobId, MeetingMessages.processingFailed)
  if (!job) return
  const transcribed = job.stage === 'summarize'
  await setMeetingStateIfPresent(
    deps.prisma,
    job.organizationId,
    job.meetingId,
    transcribed
      ? { status: 'completed', progress: null, statusMessage: 'The summary could not be written; the transcript is kept.' }
      : { status: 'failed', progress: null, statusMessage: MeetingMessages.processingFailed },
  )
}
