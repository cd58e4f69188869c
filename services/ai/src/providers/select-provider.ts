import { type AiEnv, selectedProvider } from '../env.js'
import { createBuiltInWriter } from './builtin-writer.js'
import { createOpenAiProvider, type OpenAiSettings } from './openai-provider.js'
import { guardPrivateFacts } from './private-facts.js'
import type { AiProvider } from './provider.js'

/** The OpenAI-compatible server the settings name (used when selectedProvider(env) is 'openai'). */
export const openAiSettings = (env: AiEnv): OpenAiSettings => ({
  apiKey: env.OPENAI_API_KEY,
  baseURL: env.OPENAI_BASE_URL,
  model: env.OPENAI_MODEL,
  timeoutMs: env.OPENAI_TIMEOUT_MS,
})

/** The provider the settings choose (env.ts documents the rule), never quoting the private facts. */
export function selectProvider(env: AiEnv): AiProvider {
  return guardPrivateFacts(selectedProvider(env) === 'openai' ? createOpenAiProvider(openAiSettings(env)) : createBuiltInWriter())
}
