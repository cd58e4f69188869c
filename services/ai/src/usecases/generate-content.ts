import type { AiWriter } from '@plumbline/contracts'
import { fetchCompanySettings, inTransaction, type OrgContext, withQuota } from '@plumbline/service-kit'
import type { AiDeps } from '../deps.js'
import { recordGenerationCompleted } from '../events/record-events.js'
import { callProvider } from './call-provider.js'

export type GenerateContentInput = { prompt: string; projectType?: string | null; propertyData?: unknown }

/**
 * POST /ai/generate-content: a document from free prompt text (the create dialog before the
 * estimate exists, and the settings preview of the organisation's prompt template).
 */
export function generateContent(deps: AiDeps, ctx: OrgContext, body: GenerateContentInput): Promise<{ content: string; writer: AiWriter }> {
  return withQuota(deps, ctx.orgId, 'ai', async () => {
    const settings = await fetchCompanySettings(deps, ctx.orgId)
    const content = await callProvider(deps, 'free prompt', () =>
      deps.provider.writeFreeform({ prompt: body.prompt, projectType: body.projectType ?? null, propertyData: body.propertyData, settings }),
    )
    const writer = deps.provider.info.writer
    await inTransaction(deps, (tx) =>
      recordGenerationCompleted(tx, ctx.orgId, ctx.userId, { kind: 'preview', estimateId: null, jobId: null, writer, contentBlocks: {} }),
    )
    return { content, writer }
  })
}
