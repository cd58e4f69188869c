import { RequestSubjects, type SummarizeMeetingRequest, type TranscriptSegment, ZSummarizeMeetingReply } from '@plumbline/contracts'
import { type Bus, connectBus, request } from '@plumbline/messaging'
import { testEnv } from '@plumbline/testing'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createOpenAiMeetingWriter, OPENAI_FALLBACK_PROVIDER } from '../../src/meeting-notes/openai-meeting-writer.js'
import { createOpenAiClient } from '../../src/providers/openai-provider.js'
import { type AiTestService, newOrgId, startAiTestService } from '../support/ai-test-service.js'
import { type OpenAiTestServer, startOpenAiTestServer } from '../support/openai-test-server.js'

// The ai service configured for an OpenAI-compatible provider (the local test server) answering
// rpc.ai.meeting.summarize over real NATS: the model's JSON answer is used; a model that answers
// nonsense, keeps failing or is too slow gets the built-in writer's notes, and the reply says so.

let svc: AiTestService
let model: OpenAiTestServer
let meetings: Bus

const MODEL_ANSWER = {
  summary: 'The crew reviewed the hail damage and agreed the permit and shingles come first.',
  actionItems: [
    { text: 'Send the permit to the client', owner: 'Sarah', dueDate: '2026-12-04', sourceSegmentIndex: 1 },
    { text: 'Order the shingles', owner: 'Mike', dueDate: '2026-12-02', sourceSegmentIndex: 2 },
  ],
}

beforeAll(async () => {
  model = await startOpenAiTestServer({ kind: 'ok', text: JSON.stringify(MODEL_ANSWER) })
  svc = await startAiTestService({
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: 'gpt-test',
    OPENAI_TIMEOUT_MS: '500',
    AI_MAX_ATTEMPTS: '2',
  })
  meetings = await connectBus({ servers: testEnv.natsUrl, name: 'meetings-test', prefix: svc.prefix, logger: svc.deps.logger })
})
afterAll(async () => {
  await meetings?.close()
  await svc?.close()
  await model?.close()
})
beforeEach(() => {
  model.queue = []
  model.requests.length = 0
})

const segment = (text: string, i: number, speaker: string | null): TranscriptSegment => ({ startMs: i * 8000, endMs: i * 8000 + 7500, text, speaker })

const meeting = (): SummarizeMeetingRequest => ({
  organizationId: newOrgId(),
  meetingId: 'meeting-2',
  title: 'Roof replacement kick-off',
  description: null,
  meetingDate: '2026-12-01',
  segments: [
    segment('The hail damage on the north slope means new shingles on the whole roof.', 0, 'Dave'),
    segment('Sarah will send the permit by Friday.', 1, 'Dave'),
    segment("I'll order the shingles tomorrow.", 2, 'Mike'),
  ],
})

const summarize = (data: SummarizeMeetingRequest) =>
  request(meetings, RequestSubjects.summarizeMeeting, data, { schema: ZSummarizeMeetingReply, timeoutMs: 10_000 })

/** What the built-in writer makes of meeting(): the fallback's answer. */
const BUILTIN_ITEMS = [
  { text: 'Send the permit by Friday', owner: 'Sarah', dueDate: '2026-12-04', sourceSegmentIndex: 1 },
  { text: 'Order the shingles tomorrow', owner: 'Mike', dueDate: '2026-12-02', sourceSegmentIndex: 2 },
]

type SentBody = {
  model: string
  messages: { role: string; content: string }[]
  response_format?: { type: string; json_schema?: { name: string; strict: boolean; schema: { required: string[] } } }
}

describe('rpc.ai.meeting.summarize with an OpenAI-compatible provider', () => {
  it("asks for a JSON-schema answer with the numbered transcript and answers the model's notes", async () => {
    expect(await summarize(meeting())).toEqual({ ...MODEL_ANSWER, provider: 'openai' })
    expect(model.requests).toHaveLength(1)
    const sent = model.requests[0] as unknown as SentBody
    expect(sent.model).toBe('gpt-test')
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'meeting_notes', strict: true } })
    expect(sent.response_format?.json_schema?.schema.required).toEqual(['summary', 'actionItems'])
    const prompt = sent.messages.at(-1)?.content ?? ''
    expect(prompt).toContain('Meeting date: 2026-12-01 (Tuesday)')
    expect(prompt).toContain('[1] 00:08 Dave: Sarah will send the permit by Friday.')
    expect(prompt).toContain("[2] 00:16 Mike: I'll order the shingles tomorrow.")
  })

  it('answers with the built-in writer, and says so, when the model answers invalid JSON', async () => {
    model.queue = [{ kind: 'ok', text: 'Sure! Here are the notes: Sarah sends the permit.' }]
    const reply = await summarize(meeting())
    expect(reply.provider).toBe(OPENAI_FALLBACK_PROVIDER)
    expect(reply.actionItems).toEqual(BUILTIN_ITEMS)
    expect(reply.summary).toContain('The hail damage on the north slope')
    // An unusable answer is not retried: the same prompt would get the same answer.
    expect(model.requests).toHaveLength(1)
  })

  it('answers with the built-in writer when the JSON does not match the schema', async () => {
    model.queue = [{ kind: 'ok', text: JSON.stringify({ summary: 'x', actionItems: [{ text: 'Call', owner: null }] }) }]
    const reply = await summarize(meeting())
    expect(reply.provider).toBe(OPENAI_FALLBACK_PROVIDER)
    expect(reply.actionItems).toEqual(BUILTIN_ITEMS)
  })

  it('retries a 500 and then uses the answer', async () => {
    model.queue = [{ kind: 'status', status: 500 }]
    expect((await summarize(meeting())).provider).toBe('openai')
    expect(model.requests).toHaveLength(2)
  })

  it('falls back after its attempts when the provider keeps failing', async () => {
    model.queue = [
      { kind: 'status', status: 503 },
      { kind: 'hang', delayMs: 900 },
    ]
    const reply = await summarize(meeting())
    expect(reply).toMatchObject({ provider: OPENAI_FALLBACK_PROVIDER, actionItems: BUILTIN_ITEMS })
    expect(model.requests).toHaveLength(2)
  })

  it('does not ask the model about an empty transcript', async () => {
    expect(await summarize({ ...meeting(), segments: [segment('  ', 0, null)] })).toEqual({ summary: '', actionItems: [], provider: 'builtin' })
    expect(model.requests).toHaveLength(0)
  })
})

describe('the OpenAI meeting writer', () => {
  it('gives up on a slow model at its deadline and answers with the built-in writer in time', async () => {
    const reasons: string[] = []
    const writer = createOpenAiMeetingWriter({
      client: createOpenAiClient({ baseURL: model.baseURL, model: 'gpt-test', timeoutMs: 10_000 }),
      model: 'gpt-test',
      retry: { maxAttempts: 3, baseMs: 10 },
      deadlineMs: 300,
      onFallback: (reason) => reasons.push(reason),
    })
    model.queue = [{ kind: 'ok', delayMs: 3000, text: JSON.stringify(MODEL_ANSWER) }]
    const started = Date.now()
    const reply = await writer.summarize(meeting())
    expect(Date.now() - started).toBeLessThan(2000)
    expect(reply).toMatchObject({ provider: OPENAI_FALLBACK_PROVIDER, actionItems: BUILTIN_ITEMS })
    expect(reasons).toEqual(['no usable answer within 300 ms'])
  })
})
