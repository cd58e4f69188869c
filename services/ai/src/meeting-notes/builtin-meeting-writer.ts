import type { SummarizeMeetingReply, SummarizeMeetingRequest } from '@plumbline/contracts'
import { extractActionItems } from './extract-action-items.js'
import { sentencesOf } from './sentences.js'
import { summarizeTranscript } from './summarize-transcript.js'

/** The offline default: an extractive summary and the commitments found in the transcript. */
export function writeMeetingNotesBuiltIn(request: SummarizeMeetingRequest): SummarizeMeetingReply {
  const sentences = sentencesOf(request.segments)
  return { summary: summarizeTranscript(sentences), actionItems: extractActionItems(sentences, request.meetingDate), provider: 'builtin' }
}
