import type { Meeting, MeetingDetail, MeetingStatus, TranscriptSegment } from '@plumbline/contracts'
import type { Db } from '../deps.js'
import type { Prisma } from '../generated/prisma/client.js'

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
