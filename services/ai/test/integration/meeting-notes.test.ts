import { RequestSubjects, type SummarizeMeetingRequest, ZSummarizeMeetingReply } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AiTestService, startAiTestService } from '../support/ai-test-service.js'
import { type OpenAiTestServer, startOpenAiTestServer } from '../support/openai-test-server.js'

// rpc.ai.meeting.summarize over real NATS, answered by the running ai service: the built-in
// writer offline, the OpenAI writer (over the wire, a local test server) when configured.

const meeting: SummarizeMeetingRequest = {
  organizationId: 'org-notes',
  meetingId: 'meeting-1',
  title: 'Roof walk',
  description: null,
  meetingDate: '2026-11-25T15:00:00.000Z',
  segments: [
    { startMs: 0, endMs: 3000, text: 'The flashing by the chimney is loose.', speaker: 'Sarah' },
    { startMs: 3000, endMs: 6000, text: 'Sarah will send the permit by Friday.', speaker: 'Mike' },
  ],
}

const ask = (svc: AiTestService, body: unknown) =>
  request(svc.deps.bus, RequestSubjects.summarizeMeeting, body, { schema: ZSummarizeMeetingReply, timeoutMs: 5000 })

describe('meeting notes with the built-in writer', () => {
  let svc: AiTestService
  beforeAll(async () => {
    svc = await startAiTestService()
  })
  afterAll(async () => {
    await svc?.close()
  })

  it('answers the summary and the action items with owner, due date and source', async () => {
    expect(await ask(svc, meeting)).toEqual({
      summary: 'The flashing by the chimney is loose. Sarah will send the permit by Friday.',
      actionItems: [{ text: 'Sarah will send the permit by Friday.', owner: 'Sarah', dueDate: '2026-11-27', sourceSegmentIndex: 1 }],
      provider: 'builtin',
    })
  })

  it('refuses a malformed request with an error answer, not silence', async () => {
    await expect(ask(svc, { meetingId: 'x' })).rejects.toThrow()
  })
})

describe('meeting notes with an OpenAI-compatible model', () => {
  let svc: AiTestService
  let model: OpenAiTestServer
  beforeAll(async () => {
    model = await startOpenAiTestServer()
    svc = await startAiTestService({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: model.baseURL, OPENAI_MODEL: 'gpt-test', OPENAI_TIMEOUT_MS: '1000' })
  })
  afterAll(async () => {
    await svc?.close()
    await model?.close()
  })

  it("uses the model's JSON answer, with the transcript's numbered lines in the prompt", async () => {
    const answer = {
      summary: 'Loose flashing; permit to follow.',
      actionItems: [{ text: 'Send the permit', owner: 'Sarah', dueDate: '2026-11-27', sourceSegmentIndex: 1 }],
    }
    model.queue = [{ kind: 'ok', text: JSON.stringify(answer) }]
    const before = model.requests.length
    expect(await ask(svc, meeting)).toEqual({ ...answer, provider: 'openai' })
    const prompt = model.requests[before].messages.at(-1)?.content ?? ''
    expect(prompt).toContain('[1] Mike: Sarah will send the permit by Friday.')
    expect(prompt).toContain('Meeting date: 2026-11-25')
  })

  it('falls back to the built-in writer when the model answers something that is not the schema, or fails', async () => {
    model.queue = [{ kind: 'ok', text: 'Sure! Here are your notes: the flashing is loose.' }]
    const garbled = await ask(svc, meeting)
    expect(garbled.provider).toBe('builtin (OpenAI failed)')
    expect(garbled.actionItems).toEqual([{ text: 'Sarah will send the permit by Friday.', owner: 'Sarah', dueDate: '2026-11-27', sourceSegmentIndex: 1 }])
    model.queue = [
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
    ]
    expect((await ask(svc, meeting)).provider).toBe('builtin (OpenAI failed)')
  })
})
