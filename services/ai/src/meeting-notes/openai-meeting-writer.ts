import { type SummarizeMeetingReply, type SummarizeMeetingRequest, ZMeetingActionItem } from '@plumbline/contracts'
import { externalApiCalls } from '@plumbline/service-kit'
import OpenAI from 'openai'
import { z } from 'zod'
import type { OpenAiSettings } from '../providers/openai-provider.js'

/** What the model must answer (OpenAI structured outputs, strict JSON schema). */
const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'actionItems'],
  properties: {
    summary: { type: 'string', description: 'A factual summary of the meeting in 2-5 sentences, plain text.' },
    actionItems: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'owner', 'dueDate', 'sourceSegmentIndex'],
        properties: {
          text: { type: 'string', description: 'The task, as an imperative or as said.' },
          owner: { type: ['string', 'null'], description: 'Who committed to it, by name as said, or null.' },
          dueDate: { type: ['string', 'null'], description: 'YYYY-MM-DD resolved against the meeting date, or null when none was said.' },
          sourceSegmentIndex: { type: ['integer', 'null'], description: 'The [n] index of the transcript line it came from.' },
        },
      },
    },
  },
} as const

const ZAnswer = z.object({ summary: z.string().min(1), actionItems: z.array(ZMeetingActionItem) })

/** About 60,000 characters of transcript (≈15k tokens); longer meetings keep their start and end. */
const MAX_TRANSCRIPT_CHARS = 60_000

function transcriptLines(request: SummarizeMeetingRequest): string {
  const lines = request.segments.map((s, i) => `[${i}] ${s.speaker ? `${s.speaker}: ` : ''}${s.text}`)
  const all = lines.join('\n')
  if (all.length <= MAX_TRANSCRIPT_CHARS) return all
  const half = MAX_TRANSCRIPT_CHARS / 2
  return `${all.slice(0, half)}\n[… the middle of the meeting is left out …]\n${all.slice(-half)}`
}

/**
 * The OpenAI writer for meeting notes: a chat completion with a strict JSON-schema answer,
 * validated with the contract's schema. Throws on any failure; the caller falls back to the
 * built-in writer, so a meeting always gets its notes.
 */
export function createOpenAiMeetingWriter(settings: OpenAiSettings) {
  const client = new OpenAI({ apiKey: settings.apiKey ?? 'not-needed', baseURL: settings.baseURL, timeout: settings.timeoutMs, maxRetries: 1 })
  return async function writeMeetingNotes(request: SummarizeMeetingRequest): Promise<SummarizeMeetingReply> {
    try {
      const res = await client.chat.completions.create({
        model: settings.model,
        temperature: 0.2,
        response_format: { type: 'json_schema', json_schema: { name: 'meeting_notes', strict: true, schema: ANSWER_SCHEMA } },
        messages: [
          {
            role: 'system',
            content:
              'You write meeting notes for a construction contractor. Summarise only what was said; never invent names, dates, prices or commitments. Action items are concrete commitments someone made.',
          },
          {
            role: 'user',
            content: `Meeting: ${request.title}${request.description ? ` (${request.description})` : ''}\nMeeting date: ${request.meetingDate.slice(0, 10)}\n\nTranscript:\n${transcriptLines(request)}`,
          },
        ],
      })
      externalApiCalls.inc({ provider: 'openai', outcome: 'ok' })
      const answer = ZAnswer.parse(JSON.parse(res.choices?.[0]?.message?.content ?? ''))
      const inRange = (i: number | null) => (i !== null && i >= 0 && i < request.segments.length ? i : null)
      return {
        summary: answer.summary.trim(),
        actionItems: answer.actionItems.map((a) => ({ ...a, sourceSegmentIndex: inRange(a.sourceSegmentIndex) })),
        provider: 'openai',
      }
    } catch (err) {
      externalApiCalls.inc({ provider: 'openai', outcome: 'error' })
      throw err
    }
  }
}
