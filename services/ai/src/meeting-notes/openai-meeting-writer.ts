import { type MeetingActionItem, type SummarizeMeetingReply, type SummarizeMeetingRequest, ZSummarizeMeetingReply } from '@plumbline/contracts'
import { externalApiCalls } from '@plumbline/service-kit'
import type OpenAI from 'openai'
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { toProviderError } from '../providers/openai-provider.js'
import { ProviderError } from '../providers/provider-error.js'
import { type RetryPolicy, withRetries } from '../providers/with-retries.js'
import { writeMeetingNotesOffline } from './builtin-meeting-writer.js'
import { meetingDay } from './due-dates.js'
import type { MeetingNotesWriter } from './meeting-notes-writer.js'
import { promptTranscript } from './prompt-transcript.js'

export const OPENAI_PROVIDER = 'openai'
/** Says in the UI that the model was asked but the built-in writer wrote these notes. */
export const OPENAI_FALLBACK_PROVIDER = 'builtin (openai failed)'

const SYSTEM = `You write meeting notes for a construction contractor from a meeting's transcript.
Answer with JSON only, matching the given schema:
- "summary": what the meeting was about and what was decided, in 3 to 5 plain sentences (at most 600 characters), no markdown.
- "actionItems": only what someone committed to do or was asked to do, each once. "text" is a short task starting with a verb ("Send the permit to the client").
  "owner" is the person who will do it as named in the meeting; for "I" or "we" use the speaker's label shown before the line; null when nobody is named.
  "dueDate" is the date said for it as YYYY-MM-DD, worked out from the meeting's date ("Friday" is the next Friday after it, "next week" its next Monday); null when no date was said.
  "sourceSegmentIndex" is the number in square brackets of the line it was said in.
Use only what the transcript says: never invent tasks, names or dates.`

// Mirrors ZSummarizeMeetingReply without `provider`; strict mode wants every field required and no others.
const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'actionItems'],
  properties: {
    summary: { type: 'string' },
    actionItems: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'owner', 'dueDate', 'sourceSegmentIndex'],
        properties: {
          text: { type: 'string' },
          owner: { type: ['string', 'null'] },
          dueDate: { type: ['string', 'null'], description: 'YYYY-MM-DD' },
          sourceSegmentIndex: { type: ['integer', 'null'] },
        },
      },
    },
  },
} as const

const ZModelAnswer = ZSummarizeMeetingReply.omit({ provider: true })

export function meetingMessages(req: SummarizeMeetingRequest): ChatCompletionMessageParam[] {
  const day = meetingDay(req.meetingDate)
  const header = [
    `Meeting: ${req.title || '(untitled)'}`,
    req.description ? `Description: ${req.description}` : null,
    `Meeting date: ${day ? `${day.toISOString().slice(0, 10)} (${day.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })})` : req.meetingDate}`,
  ].filter(Boolean)
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `${header.join('\n')}\n\nTranscript:\n${promptTranscript(req.segments)}` },
  ]
}

const isCalendarDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)

/** The model's items kept only as far as they are true to the request: real dates, lines that exist. */
function sanitizedItem(item: MeetingActionItem, segmentCount: number): MeetingActionItem {
  const index = item.sourceSegmentIndex
  return {
    text: item.text.trim(),
    owner: item.owner?.trim() || null,
    dueDate: item.dueDate && isCalendarDay(item.dueDate) ? item.dueDate : null,
    sourceSegmentIndex: index !== null && index < segmentCount ? index : null,
  }
}

/** The model's answer as a reply, or a ProviderError (not retried) saying why it cannot be used. */
export function parseModelAnswer(text: string, req: SummarizeMeetingRequest): SummarizeMeetingReply {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new ProviderError('AI provider answered with invalid JSON', false)
  }
  const parsed = ZModelAnswer.safeParse(raw)
  if (!parsed.success) throw new ProviderError(`AI provider answer does not match the schema: ${parsed.error.message}`, false)
  return {
    summary: parsed.data.summary.trim(),
    actionItems: parsed.data.actionItems.map((item) => sanitizedItem(item, req.segments.length)).filter((item) => item.text),
    provider: OPENAI_PROVIDER,
  }
}

/**
 * How long the model may take in all, retries included. NATS lets a replier answer for one minute
 * (allow_responses in deploy/nats/nats-server.conf); past this the built-in writer answers in time.
 */
export const MEETING_NOTES_DEADLINE_MS = 45_000

export type OpenAiMeetingWriterOptions = {
  client: OpenAI
  model: string
  retry: RetryPolicy
  deadlineMs?: number
  /** Told why the model's answer was not used, before the built-in writer answers instead. */
  onFallback: (reason: string) => void
}

/**
 * Meeting notes from an OpenAI-compatible model with a JSON-schema answer. Retryable failures
 * (429, 5xx, timeouts) are retried by the shared policy; when the model still fails or answers
 * something unusable, the built-in writer answers and `provider` says so. An empty transcript
 * needs no model: the built-in writer answers it.
 */
export function createOpenAiMeetingWriter({
  client,
  model,
  retry,
  deadlineMs = MEETING_NOTES_DEADLINE_MS,
  onFallback,
}: OpenAiMeetingWriterOptions): MeetingNotesWriter {
  async function ask(req: SummarizeMeetingRequest, signal: AbortSignal): Promise<SummarizeMeetingReply> {
    let text: string | undefined
    try {
      const res = await client.chat.completions.create(
        {
          model,
          messages: meetingMessages(req),
          temperature: 0.2,
          response_format: { type: 'json_schema', json_schema: { name: 'meeting_notes', strict: true, schema: ANSWER_SCHEMA } },
        },
        { signal },
      )
      externalApiCalls.inc({ provider: 'openai', outcome: 'ok' })
      text = res.choices?.[0]?.message?.content?.trim()
    } catch (err) {
      externalApiCalls.inc({ provider: 'openai', outcome: 'error' })
      throw toProviderError(err)
    }
    if (!text) throw new ProviderError('AI provider returned no text', true)
    return parseModelAnswer(text, req)
  }

  return {
    async summarize(req) {
      if (!req.segments.some((s) => s.text.trim())) return writeMeetingNotesOffline(req)
      const signal = AbortSignal.timeout(deadlineMs)
      try {
        return await withRetries(() => ask(req, signal), retry, signal)
      } catch (err) {
        onFallback(signal.aborted ? `no usable answer within ${deadlineMs} ms` : err instanceof Error ? err.message : String(err))
        return writeMeetingNotesOffline(req, OPENAI_FALLBACK_PROVIDER)
      }
    },
  }
}
