import { RequestSubjects, type SummarizeMeetingReply, type SummarizeMeetingRequest, ZSummarizeMeetingRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import type { AiDeps } from '../deps.js'
import { selectedProvider } from '../env.js'
import { writeMeetingNotesBuiltIn } from './builtin-meeting-writer.js'
import { createOpenAiMeetingWriter } from './openai-meeting-writer.js'

/** The configured meeting-notes writer: OpenAI when the ai service is set to it, falling back to the built-in writer on any failure. */
export function meetingNotesWriter(deps: Pick<AiDeps, 'env' | 'logger'>): (request: SummarizeMeetingRequest) => Promise<SummarizeMeetingReply> {
  const { env } = deps
  if (selectedProvider(env) !== 'openai') return async (request) => writeMeetingNotesBuiltIn(request)
  const openai = createOpenAiMeetingWriter({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
  })
  return async (request) => {
    try {
      return await openai(request)
    } catch (err) {
      deps.logger.warn({ meetingId: request.meetingId, err: (err as Error).message }, 'OpenAI meeting notes failed; the built-in writer answered')
      return { ...writeMeetingNotesBuiltIn(request), provider: 'builtin (OpenAI failed)' }
    }
  }
}

/** Answers rpc.ai.meeting.summarize for the meetings service's transcription job. */
export function startMeetingNotesResponder(deps: Pick<AiDeps, 'bus' | 'env' | 'logger'>): Replier {
  return reply(deps.bus, RequestSubjects.summarizeMeeting, meetingNotesWriter(deps), ZSummarizeMeetingRequest)
}
