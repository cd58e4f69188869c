import { RequestSubjects, type SummarizeMeetingReply, type TranscriptSegment, ZSummarizeMeetingReply } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import type { MeetingsDeps } from '../deps.js'

/** Asks the ai service for the summary and action items; throws when it cannot answer now. */
export function requestSummary(
  deps: Pick<MeetingsDeps, 'bus' | 'env'>,
  meeting: { id: string; organizationId: string; title: string; description: string | null; startTime: Date },
  segments: TranscriptSegment[],
): Promise<SummarizeMeetingReply> {
  return request<SummarizeMeetingReply>(
    deps.bus,
    RequestSubjects.summarizeMeeting,
    {
      organizationId: meeting.organizationId,
      meetingId: meeting.id,
      title: meeting.title,
      description: meeting.description,
      meetingDate: meeting.startTime.toISOString(),
      segments,
    },
    { schema: ZSummarizeMeetingReply, timeoutMs: deps.env.SUMMARY_TIMEOUT_MS },
  )
}
