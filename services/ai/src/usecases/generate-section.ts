import type { ContentSectionType } from '@plumbline/contracts'
import { inTransaction, type OrgContext, withQuota } from '@plumbline/service-kit'
import type { AiDeps } from '../deps.js'
import { recordGenerationCompleted } from '../events/record-events.js'
import { callProvider } from './call-provider.js'
import { loadWriterInput } from './load-writer-input.js'

/** POST …/estimates/{id}/generate-content/{type}: one section's text, returned (the client saves it). */
export function generateSection(deps: AiDeps, ctx: OrgContext, estimateId: string, type: ContentSectionType) {
  return withQuota(deps, ctx.orgId, 'ai', async () => {
    const { facts, prompt } = await loadWriterInput(deps, ctx.orgId, estimateId)
    const content = await callProvider(deps, `section ${type}`, () => deps.provider.writeSection({ type, facts, prompt }))
    const writer = deps.provider.info.writer
    await inTransaction(deps, (tx) =>
      recordGenerationCompleted(tx, ctx.orgId, ctx.userId, { kind: 'section', estimateId, jobId: null, writer, contentBlocks: { [type]: content } }),
    )
    return { type, content, writer }
  })
}
