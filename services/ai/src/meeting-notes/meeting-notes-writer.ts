import type { SummarizeMeetingReply, SummarizeMeetingRequest } from '@plumbline/contracts'
import type { Logger } from '@plumbline/service-kit'
import { type AiEnv, selectedProvider } from '../env.js'
import { createOpenAiClient } from '../providers/openai-provider.js'
import { openAiSettings } from '../providers/select-provider.js'
import { writeMeetingNotesOffline } from './builtin-meeting-writer.js'
import { createOpenAiMeetingWriter } from './openai-meeting-writer.js'

/** Writes a meeting's summary and action items from its transcript. */
export type MeetingNotesWriter = { summarize(req: SummarizeMeetingRequest): Promise<SummarizeMeetingReply> }

export const builtInMeetingNotesWriter: MeetingNotesWriter = { summarize: async (req) => writeMeetingNotesOffline(req) }

/** The writer the ai service's settings choose, by the same rule and server as proposal sections (env.ts). */
export function selectMeetingNotesWriter(env: AiEnv, logger: Logger): MeetingNotesWriter {
  if (selectedProvider(env) !== 'openai') return builtInMeetingNotesWriter
  const settings = openAiSettings(env)
  return createOpenAiMeetingWriter({
    client: createOpenAiClient(settings),
    model: settings.model,
    retry: {
      maxAttempts: env.AI_MAX_ATTEMPTS,
      baseMs: env.AI_RETRY_BASE_MS,
      onRetry: (attempt, err, delayMs) => logger.warn({ what: 'meeting notes', attempt, err: err.message, delayMs }, 'AI provider call failed; retrying'),
    },
    onFallback: (reason) => logger.warn({ what: 'meeting notes', reason }, 'AI provider failed; the built-in writer wrote the meeting notes'),
  })
}
