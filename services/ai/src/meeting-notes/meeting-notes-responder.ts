import { RequestSubjects, type SummarizeMeetingReply, ZSummarizeMeetingRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import type { AiDeps } from '../deps.js'
import { selectMeetingNotesWriter } from './meeting-notes-writer.js'

/**
 * Answers the meetings service's rpc.ai.meeting.summarize, sent once per finished transcript. A
 * request that does not match ZSummarizeMeetingRequest is answered VALIDATION_FAILED. With the
 * OpenAI writer an answer can take up to AI_MAX_ATTEMPTS × OPENAI_TIMEOUT_MS plus back-off, so
 * the caller's request timeout must allow that (it gets the built-in writer's notes at worst).
 */
export function startMeetingNotesResponder(deps: Pick<AiDeps, 'bus' | 'env' | 'logger'>): Replier {
  const writer = selectMeetingNotesWriter(deps.env, deps.logger)
  return reply(deps.bus, RequestSubjects.summarizeMeeting, (req): Promise<SummarizeMeetingReply> => writer.summarize(req), ZSummarizeMeetingRequest)
}
