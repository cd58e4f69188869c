import { z } from 'zod'

/**
 * The seam between the meetings service (which owns recordings and transcripts) and the ai
 * service (which writes summaries): RequestSubjects.summarizeMeeting. The meetings service's
 * transcription job asks once per finished transcript and stores the answer; the ai service
 * answers with its configured writer (the built-in extractive writer offline, the OpenAI
 * provider with a JSON-schema answer when configured).
 */
export const ZTranscriptSegment = z.object({
  startMs: z.number().int().min(0),
  endMs: z.number().int().min(0),
  text: z.string(),
  /** When the provider tells speakers apart; null otherwise. */
  speaker: z.string().nullable().default(null),
})
export type TranscriptSegment = z.infer<typeof ZTranscriptSegment>

export const ZSummarizeMeetingRequest = z.object({
  organizationId: z.string().min(1),
  meetingId: z.string().min(1),
  title: z.string(),
  description: z.string().nullable().default(null),
  /** ISO date of the meeting, so relative dates ("by Friday") resolve to a due date. */
  meetingDate: z.string(),
  segments: z.array(ZTranscriptSegment),
})
export type SummarizeMeetingRequest = z.infer<typeof ZSummarizeMeetingRequest>

export const ZMeetingActionItem = z.object({
  text: z.string().min(1),
  /** The person who committed to it, as said in the meeting ("Sarah"), or null. */
  owner: z.string().nullable(),
  /** ISO date (YYYY-MM-DD) when one was said, or null. */
  dueDate: z.string().nullable(),
  /** Index into the request's segments of the sentence it came from, or null. */
  sourceSegmentIndex: z.number().int().min(0).nullable(),
})
export type MeetingActionItem = z.infer<typeof ZMeetingActionItem>

export const ZSummarizeMeetingReply = z.object({
  summary: z.string(),
  actionItems: z.array(ZMeetingActionItem),
  /** Which writer answered ('builtin' | 'openai'), shown in the UI beside the summary. */
  provider: z.string(),
})
export type SummarizeMeetingReply = z.infer<typeof ZSummarizeMeetingReply>
