import { describe, expect, it } from 'vitest'
import { selectedProvider, ZAiEnv } from '../../src/env.js'
import { selectProvider } from '../../src/providers/select-provider.js'

describe('provider selection', () => {
  it('defaults to the built-in writer, and to openai once a key is set', () => {
    expect(selectedProvider(ZAiEnv.parse({}))).toBe('builtin')
    expect(selectedProvider(ZAiEnv.parse({ OPENAI_API_KEY: 'sk-test' }))).toBe('openai')
    expect(selectedProvider(ZAiEnv.parse({ OPENAI_API_KEY: 'sk-test', AI_PROVIDER: 'builtin' }))).toBe('builtin')
    expect(selectProvider(ZAiEnv.parse({})).info).toEqual({ writer: 'built-in', model: null, label: 'Built-in writer (no external AI)' })
    expect(selectProvider(ZAiEnv.parse({ OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4.1' })).info).toEqual({
      writer: 'openai',
      model: 'gpt-4.1',
      label: 'OpenAI gpt-4.1',
    })
  })

  it('accepts a keyless local server, and refuses openai with neither key nor base URL', () => {
    expect(selectedProvider(ZAiEnv.parse({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }))).toBe('openai')
    const bad = ZAiEnv.safeParse({ AI_PROVIDER: 'openai' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].path).toEqual(['OPENAI_API_KEY'])
    expect(ZAiEnv.safeParse({ AI_PROVIDER: 'gpt' }).success).toBe(false)
    expect(ZAiEnv.safeParse({ AI_WORKER_CONCURRENCY: '0' }).success).toBe(false)
  })
})
