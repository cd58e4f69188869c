import { fetchCompanySettings, fetchEstimateDocument } from '@plumbline/service-kit'
import type { AiDeps } from '../deps.js'
import { type EstimateFacts, estimateFacts } from '../domain/estimate-facts.js'
import type { JobInput } from '../domain/job-input.js'
import { buildPrompt } from '../prompts/build-prompt.js'

export type WriterInput = { input: JobInput; facts: EstimateFacts; prompt: string }

/** Everything a writer needs for one estimate, read now from its owners (404 for a foreign estimate). */
export async function loadWriterInput(deps: Pick<AiDeps, 'bus' | 'logger'>, orgId: string, estimateId: string): Promise<WriterInput> {
  const [document, settings] = await Promise.all([fetchEstimateDocument(deps, orgId, estimateId, { timeoutMs: 3000 }), fetchCompanySettings(deps, orgId)])
  return fromInput({ document, settings })
}

export function fromInput(input: JobInput): WriterInput {
  const facts = estimateFacts(input)
  return { input, facts, prompt: buildPrompt(input.settings, facts) }
}
