import type { AiProviderInfo, CompanySettings, ContentSectionType } from '@plumbline/contracts'
import type { EstimateFacts } from '../domain/estimate-facts.js'

export type SectionRequest = { type: ContentSectionType; facts: EstimateFacts /** The rendered prompt template (org's own or built-in). */; prompt: string }
export type ChatRequest = SectionRequest & { currentText: string; message: string; history: { userMessage: string; aiResponse: string }[] }
export type ChatResult = { reply: string; proposedContent: string | null }
export type FreeformRequest = { prompt: string; projectType: string | null; propertyData: unknown; settings: CompanySettings }
export type CallOptions = { signal?: AbortSignal }

/**
 * One writer of proposal text. Implementations: the embedded built-in writer (default, no
 * network) and an OpenAI-compatible chat model. Failures are thrown as ProviderError so callers
 * can retry what is worth retrying and tell the user what happened.
 */
export type AiProvider = {
  info: AiProviderInfo
  writeSection(req: SectionRequest, opts?: CallOptions): Promise<string>
  chat(req: ChatRequest, opts?: CallOptions): Promise<ChatResult>
  writeFreeform(req: FreeformRequest, opts?: CallOptions): Promise<string>
}
