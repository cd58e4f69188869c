import { z } from 'zod'
import { ZTranscriptSegment } from './meeting-notes.js'

// Spec 001 §3 Meeting, §5 Meeting save, §7 GET/POST /meetings, POST /meetings/{id}/transcribe and
// /live-transcribe, §8 Recording. Beyond the spec: one meeting's detail, delete,
// transcript import, action item → task, search over summary and transcript text.

/**
 * The spec's statuses plus two the product needs to be honest: transcribing (the job runs; the
 * list shows its progress) and unavailable (no recogniser could run; the audio is kept and a
 * transcript can be imported). scheduled and upcoming belong to scheduling, which the spec shows
 * as coming soon.
 */
export const MEETING_STATUSES = ['recording', 'transcribing', 'completed', 'failed', 'unavailable', 'scheduled', 'upcoming'] as const
export type MeetingStatus = (typeof MEETING_STATUSES)[number]

/** Spec 001 §5 and §8: the exact texts. */
export const MeetingMessages = {
  titleRequired: 'Title Required: Please enter a title for your meeting',
  noRecording: 'No Recording: Please record audio before saving the meeting',
  microphone: 'Could not access microphone. Please check permissions',
  processingFailed: 'There was an error processing your recording',
  saveFailed: 'There was an error saving your meeting',
  missingId: 'The meeting could not be created: the server answered without an id',
  audioMissing: 'Please attach the recording (multipart form field "audio")',
  chunkMissing: 'Please attach the audio chunk (multipart form field "audioChunk")',
  transcriptMissing: 'Please attach a transcript file (WebVTT, SRT or plain text; form field "transcript")',
  transcriptEmpty: 'The transcript file has no text',
  transcriptNotText: 'The transcript must be a text file (WebVTT, SRT or plain text)',
  notAudio: 'This file is not a supported recording. Upload WebM, Ogg, WAV, MP3 or M4A audio.',
  playlist: 'This file is a playlist or a list of other files, not a recording. Upload the recording itself (WebM, Ogg, WAV, MP3 or M4A).',
  alreadyRunning: 'This meeting is being transcribed already',
} as const

/** About three hours of opus at 320 kbit/s; the gateway's AUDIO_BODY_LIMIT_BYTES leaves room for the multipart framing. */
export const MEETING_AUDIO_MAX_BYTES = 500 * 1024 * 1024
/** A live-transcribe chunk: a few seconds of audio. */
export const MEETING_CHUNK_MAX_BYTES = 10 * 1024 * 1024
/** Transcript files (WebVTT, SRT, text) are text: 5 MB is days of talk. */
export const MEETING_TRANSCRIPT_MAX_BYTES = 5 * 1024 * 1024
export const MEETING_SUMMARY_PREVIEW_CHARS = 150

export const meetingTooLarge = (maxBytes: number) => `The recording is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`

const title = z.string({ error: MeetingMessages.titleRequired }).trim().min(1, MeetingMessages.titleRequired).max(200, 'Title must be at most 200 characters')
const description = z
  .string({ error: 'Description must be text' })
  .max(5000, 'Description must be at most 5000 characters')
  .nullish()
  .transform((v) => v?.trim() || null)

export const ZCreateMeetingBody = z.object({ title, description })
export type CreateMeetingBody = z.input<typeof ZCreateMeetingBody>

export const ZMeetingListQuery = z.object({
  /** Matches title, summary and transcript text (case-insensitive). */
  search: z.string().max(200, 'Search must be at most 200 characters').optional(),
})

/** The list's row (spec 001 §2): the summary preview is cut to 150 characters by the client. */
export const ZMeeting = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(MEETING_STATUSES),
  /** Why a meeting failed or is unavailable, or what the job is doing. */
  statusMessage: z.string().nullable(),
  /** 0..1 while transcribing. */
  progress: z.number().nullable(),
  duration: z.number().int(),
  startTime: z.string(),
  updatedAt: z.string(),
  summary: z.string().nullable(),
  hasAudio: z.boolean(),
})
export type Meeting = z.infer<typeof ZMeeting>

export const ZMeetingActionItemView = z.object({
  id: z.string(),
  text: z.string(),
  owner: z.string().nullable(),
  dueDate: z.string().nullable(),
  sourceSegmentIndex: z.number().int().nullable(),
  taskId: z.string().nullable(),
})
export type MeetingActionItemView = z.infer<typeof ZMeetingActionItemView>

export const ZMeetingDetail = ZMeeting.extend({
  segments: z.array(ZTranscriptSegment),
  actionItems: z.array(ZMeetingActionItemView),
  /** Which recogniser made the transcript, or 'import' for an imported file; null before one exists. */
  transcriptionProvider: z.string().nullable(),
  summaryProvider: z.string().nullable(),
  audio: z.object({ contentType: z.string(), sizeBytes: z.number(), fileName: z.string() }).nullable(),
})
export type MeetingDetail = z.infer<typeof ZMeetingDetail>

/** The configured recogniser, named honestly in the UI. */
export const ZTranscriptionInfo = z.object({
  id: z.string(),
  label: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
  hint: z.string().nullable(),
})
export type TranscriptionInfo = z.infer<typeof ZTranscriptionInfo>

export const ZCreateMeetingReply = z.object({ id: z.string() })
export const ZTranscribeReply = z.object({ id: z.string(), status: z.enum(MEETING_STATUSES) })
export const ZLiveTranscribeReply = z.object({ transcription: z.string() })

/** Action item → task; all at once when no id is named. */
export const ZActionItemParams = z.object({ orgId: z.string().min(1).max(64), id: z.string().min(1).max(64), itemId: z.string().min(1).max(64) })
export const ZMeetingIdParams = z.object({ orgId: z.string().min(1).max(64), id: z.string().min(1).max(64) })

/** Events the meetings service publishes through its outbox (activity and the dashboard's Total Meetings). */
export const MeetingSubjects = {
  created: 'meetings.meeting.created.v1',
  completed: 'meetings.meeting.completed.v1',
  deleted: 'meetings.meeting.deleted.v1',
} as const
export const ZMeetingEventV1 = z.object({ meetingId: z.string(), title: z.string(), status: z.string() })
export type MeetingEventV1 = z.infer<typeof ZMeetingEventV1>
