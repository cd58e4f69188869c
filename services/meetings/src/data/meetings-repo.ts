import type { Meeting, MeetingDetail, MeetingStatus, TranscriptSegment } from '@plumbline/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { Db } from './db.js'

export type MeetingRow = Prisma.MeetingGetPayload<{ include: { audio: true } }>
export type MeetingDetailRow = Prisma.MeetingGetPayload<{ include: { audio: true; segments: true; actionItems: true } }>

const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null)

export function toMeeting(row: MeetingRow): Meeting {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status as MeetingStatus,
    statusMessage: row.statusMessage,
    progress: row.progress,
    duration: row.durationSeconds,
    startTime: row.startTime.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    summary: row.summary,
    hasAudio: row.audio !== null,
  }
}

export function toMeetingDetail(row: MeetingDetailRow): MeetingDetail {
  return {
    ...toMeeting(row),
    segments: [...row.segments].sort((a, b) => a.index - b.index).map((s) => ({ startMs: s.startMs, endMs: s.endMs, text: s.text, speaker: s.speaker })),
    actionItems: [...row.actionItems]
      .sort((a, b) => a.position - b.position)
      .map((a) => ({ id: a.id, text: a.text, owner: a.owner, dueDate: dayOf(a.dueDate), sourceSegmentIndex: a.sourceSegmentIndex, taskId: a.taskId })),
    transcriptionProvider: row.transcriptionProvider,
    summaryProvider: row.summaryProvider,
    audio: row.audio ? { contentType: row.audio.contentType, sizeBytes: Number(row.audio.sizeBytes), fileName: row.audio.fileName } : null,
  }
}

/** Newest first; `search` matches the title, the summary and the transcript's text. */
export function listMeetingRows(db: Db, orgId: string, search?: string) {
  const term = search?.trim()
  const contains = (field: 'title' | 'summary' | 'transcriptText') => ({ [field]: { contains: term, mode: 'insensitive' as const } })
  return db.meeting.findMany({
    where: { organizationId: orgId, ...(term ? { OR: [contains('title'), contains('summary'), contains('transcriptText')] } : {}) },
    include: { audio: true },
    orderBy: [{ startTime: 'desc' }, { id: 'asc' }],
    take: 500,
  })
}

/** Scoped by organisation: another organisation's meeting is not found. */
export const findMeetingRow = (db: Db, orgId: string, id: string) => db.meeting.findFirst({ where: { id, organizationId: orgId }, include: { audio: true } })

export const findMeetingDetailRow = (db: Db, orgId: string, id: string) =>
  db.meeting.findFirst({ where: { id, organizationId: orgId }, include: { audio: true, segments: true, actionItems: true } })

export const countMeetings = (db: Db, orgId: string) => db.meeting.count({ where: { organizationId: orgId } })

/** The meeting's id and title, or null: what an action item's task names. */
export const findMeetingTitle = (db: Db, orgId: string, id: string) =>
  db.meeting.findFirst({ where: { id, organizationId: orgId }, select: { id: true, title: true } })

/** The meeting with its transcript in order (the summary's input), or null. */
export const findMeetingWithSegments = (db: Db, orgId: string, id: string) =>
  db.meeting.findFirst({ where: { id, organizationId: orgId }, include: { segments: { orderBy: { index: 'asc' } } } })

/** A new meeting, waiting for its recording. */
export const insertMeeting = (db: Db, orgId: string, data: { createdBy: string; title: string; description: string | null }) =>
  db.meeting.create({ data: { organizationId: orgId, ...data, status: 'recording' } })

/** Jobs, segments, action items and the audio row go with it (cascade). */
export async function deleteMeetingRow(db: Db, orgId: string, id: string): Promise<void> {
  await db.meeting.delete({ where: { id, organizationId: orgId } })
}

export type MeetingState = { status: string; statusMessage: string | null; progress: number | null }

/** Sets where the meeting stands (status, message, progress), and the summary once one is written. */
export const setMeetingState = (db: Db, orgId: string, id: string, state: MeetingState & { summary?: string; summaryProvider?: string }) =>
  db.meeting.update({ where: { id, organizationId: orgId }, data: state })

/** As setMeetingState, for a meeting that may be gone meanwhile (a worker's progress): nothing happens then. */
export async function setMeetingStateIfPresent(db: Db, orgId: string, id: string, state: MeetingState): Promise<void> {
  await db.meeting.updateMany({ where: { id, organizationId: orgId }, data: state })
}

export type AudioFields = { storageKey: string; contentType: string; sizeBytes: bigint; sha256: string; fileName: string }

/** The recording of a meeting the caller found in its organisation; a new upload replaces the row (and takes a new createdAt). */
export async function putMeetingAudio(db: Db, meetingId: string, fields: AudioFields): Promise<void> {
  await db.meetingAudio.upsert({ where: { meetingId }, create: { meetingId, ...fields }, update: { ...fields, createdAt: new Date() } })
}

export const findMeetingAudio = (db: Db, orgId: string, meetingId: string) =>
  db.meetingAudio.findFirst({ where: { meetingId, meeting: { organizationId: orgId } } })

/** Replaces the meeting's transcript (segments and the searchable text). */
export async function saveTranscript(db: Db, meetingId: string, segments: TranscriptSegment[], provider: string): Promise<void> {
  await db.transcriptSegment.deleteMany({ where: { meetingId } })
  if (segments.length)
    await db.transcriptSegment.createMany({
      data: segments.map((s, index) => ({ meetingId, index, startMs: s.startMs, endMs: s.endMs, text: s.text, speaker: s.speaker ?? null })),
    })
  // The recording's length as the transcript knows it; a longer one already recorded is kept.
  const spokenSeconds = Math.ceil(segments.reduce((max, s) => Math.max(max, s.endMs), 0) / 1000)
  const meeting = await db.meeting.findUniqueOrThrow({ where: { id: meetingId }, select: { durationSeconds: true } })
  await db.meeting.update({
    where: { id: meetingId },
    data: {
      transcriptText: segments.map((s) => s.text).join(' '),
      transcriptionProvider: provider,
      durationSeconds: Math.max(meeting.durationSeconds, spokenSeconds),
    },
  })
}
