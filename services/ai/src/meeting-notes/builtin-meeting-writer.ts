import type { SummarizeMeetingReply, SummarizeMeetingRequest } from '@plumbline/contracts'
import { findActionItems } from './action-items.js'
import { extractiveSummary } from './extractive-summary.js'
import { transcriptSentences } from './sentences.js'

export const BUILTIN_PROVIDER = 'builtin'

/**
 * The offline writer: an extractive summary and the commitments of the transcript, with no
 * network and the same answer for the same transcript every time.
 */
export function writeMeetingNotesOffline(req: SummarizeMeetingRequest, provider = BUILTIN_PROVIDER): SummarizeMeetingReply {
  const sentences = transcriptSentences(req.segments)
  const context = [req.title, req.description ?? ''].join(' ')
  return { summary: extractiveSummary(sentences, context), actionItems: findActionItems(sentences, req.meetingDate), provider }
}
