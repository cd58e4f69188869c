import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { estimateFacts } from '../../src/domain/estimate-facts.js'
import { buildPrompt } from '../../src/prompts/build-prompt.js'
import { createOpenAiProvider } from '../../src/providers/openai-provider.js'
import { ProviderError, userMessageFor } from '../../src/providers/provider-error.js'
import { withRetries } from '../../src/providers/with-retries.js'
import { companySettings, roofDocument } from '../support/fixtures.js'
import { type OpenAiTestServer, startOpenAiTestServer } from '../support/openai-test-server.js'

// Our OpenAI client code over the wire, against a local OpenAI-compatible server.

let server: OpenAiTestServer
const input = { document: roofDocument(), settings: companySettings() }
const facts = estimateFacts(input)
const prompt = buildPrompt(input.settings, facts)
// A generous deadline: on a loaded 2-core machine even a local answer can take a few hundred ms.
// Only the timeout test uses a short one, against an answer delayed far beyond it.
const provider = (timeoutMs = 5_000) => createOpenAiProvider({ apiKey: 'test-key', baseURL: server.baseURL, model: 'test-model', timeoutMs })

beforeAll(async () => {
  server = await startOpenAiTestServer()
})
afterAll(async () => {
  await server?.close()
})
beforeEach(() => {
  server.requests.length = 0
  server.queue = []
})

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ProviderError)
  return err as ProviderError
}

describe('openai provider', () => {
  it('sends the model, a system message and the rendered prompt with the estimate facts; returns the text', async () => {
    const text = await provider().writeSection({ type: 'timeline', facts, prompt })
    expect(text).toBe('Model text for Timeline Considerations.')
    expect(server.requests).toHaveLength(1)
    const body = server.requests[0]
    expect(body.model).toBe('test-model')
    expect(body.messages[0].role).toBe('system')
    const user = body.messages[1].content
    expect(user).toContain('residential construction project')
    expect(user).toContain('Project: Smith Roof Replacement (Roofing)')
    expect(user).toContain('Contractor licence: CA-1047722')
    expect(user).toContain('Installation ($12,950)')
    expect(user).not.toMatch(/\{\{|undefined/)
  })

  it("uses the organisation's own template, rendering unknown and missing variables empty", async () => {
    const settings = companySettings({ aiPromptTemplate: 'Proposal for {{clientName}} by {{companyName}} {{notAVariable}} about {{propertyData}}.' })
    await provider().writeSection({ type: 'qa_notes', facts, prompt: buildPrompt(settings, facts) })
    expect(server.requests[0].messages[1].content.startsWith('Proposal for Jane Smith by Summit Roofing Co. about.')).toBe(true)
  })

  it('maps 429 and 5xx to retryable errors with the status, and 401 to a final one', async () => {
    server.queue = [
      { kind: 'status', status: 429 },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 401 },
    ]
    const rate = await failure(provider().writeSection({ type: 'timeline', facts, prompt }))
    expect(rate).toMatchObject({ retryable: true, status: 429 })
    const down = await failure(provider().writeSection({ type: 'timeline', facts, prompt }))
    expect(down).toMatchObject({ retryable: true, status: 503 })
    expect(userMessageFor(down)).toBe('The AI provider is unavailable right now (HTTP 503). Please try again in a few minutes.')
    const auth = await failure(provider().writeSection({ type: 'timeline', facts, prompt }))
    expect(auth).toMatchObject({ retryable: false, status: 401 })
    // The SDK's own retries are off: one request per call.
    expect(server.requests).toHaveLength(3)
  })

  it('gives up on an answer slower than the timeout (retryable), and on a dropped connection', async () => {
    server.queue = [
      { kind: 'ok', delayMs: 4000 },
      { kind: 'hang', delayMs: 10 },
    ]
    const started = Date.now()
    const slow = await failure(provider(400).writeSection({ type: 'timeline', facts, prompt }))
    // Well before the answer would have come.
    expect(Date.now() - started).toBeLessThan(3500)
    expect(slow.retryable).toBe(true)
    expect(userMessageFor(slow)).toBe('The AI provider did not answer in time. Please try again in a few minutes.')
    const dropped = await failure(provider().writeSection({ type: 'timeline', facts, prompt }))
    expect(dropped.retryable).toBe(true)
  })

  it('with bounded retries: succeeds after two failures, and stops after the last attempt', async () => {
    server.queue = [
      { kind: 'status', status: 500 },
      { kind: 'status', status: 429 },
    ]
    const delays: number[] = []
    const text = await withRetries(() => provider().writeSection({ type: 'timeline', facts, prompt }), {
      maxAttempts: 3,
      baseMs: 20,
      onRetry: (_a, _e, d) => delays.push(d),
    })
    expect(text).toBe('Model text for Timeline Considerations.')
    expect(server.requests).toHaveLength(3)
    // Jittered exponential back-off: 20 ms × 2^(n-1) × [0.5, 1.5), rounded to whole ms.
    expect(delays[0]).toBeGreaterThanOrEqual(10)
    expect(delays[0]).toBeLessThanOrEqual(30)
    expect(delays[1]).toBeGreaterThanOrEqual(20)
    expect(delays[1]).toBeLessThanOrEqual(60)

    server.requests.length = 0
    server.queue = [{ kind: 'status', status: 502 }, { kind: 'status', status: 502 }, { kind: 'status', status: 502 }, { kind: 'ok' }]
    const err = await failure(withRetries(() => provider().writeSection({ type: 'timeline', facts, prompt }), { maxAttempts: 3, baseMs: 5 }))
    expect(err.status).toBe(502)
    expect(server.requests).toHaveLength(3)
  })

  it('chat: parses the JSON answer into reply and proposed text, and tolerates plain text', async () => {
    server.queue = [
      { kind: 'ok', text: '```json\n{"reply": "Made it shorter.", "revisedContent": "Short text."}\n```' },
      { kind: 'ok', text: 'The total is $18,500.' },
    ]
    const history = [{ userMessage: 'hello', aiResponse: 'hi' }]
    const revised = await provider().chat({ type: 'executive_summary', facts, prompt, currentText: 'Long text.', message: 'make it shorter', history })
    expect(revised).toEqual({ reply: 'Made it shorter.', proposedContent: 'Short text.' })
    const sent = server.requests[0].messages
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'user', 'assistant', 'user'])
    expect(sent[1].content).toContain('Current text:\nLong text.')
    expect(sent[4].content).toBe('make it shorter')
    expect(await provider().chat({ type: 'executive_summary', facts, prompt, currentText: '', message: 'total?', history: [] })).toEqual({
      reply: 'The total is $18,500.',
      proposedContent: null,
    })
  })
})
