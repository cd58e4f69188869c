import { randomUUID } from 'node:crypto'
import type { ChatMessage, ContentSectionType } from '@plumbline/contracts'
import { inTransaction, type OrgContext, withQuota } from '@plumbline/service-kit'
import { chatMessageOf, createChat, recentChat } from '../data/chat-repo.js'
import type { AiDeps } from '../deps.js'
import { recordGenerationCompleted } from '../events/record-events.js'
import { callProvider } from './call-provider.js'
import { loadWriterInput } from './load-writer-input.js'

const HISTORY = 6

/**
 * POST …/content-sections/{type}/chat: the writer answers the request about the section's current
 * text and may propose a revision (the contractor applies it, or not). The exchange is stored
 * with its generation event in one transaction.
 */
export function sendChatMessage(deps: AiDeps, ctx: OrgContext, estimateId: string, type: ContentSectionType, message: string): Promise<ChatMessage> {
  return withQuota(deps, ctx.orgId, 'ai', async () => {
    const { input, facts, prompt } = await loadWriterInput(deps, ctx.orgId, estimateId)
    const thread = { orgId: ctx.orgId, estimateId, type }
    const history = await recentChat(deps.prisma, thread, HISTORY)
    const currentText = input.document.estimate.contentSections[type] ?? ''
    const answer = await callProvider(deps, `chat ${type}`, () => deps.provider.chat({ type, facts, prompt, currentText, message, history }))
    const writer = deps.provider.info.writer
    const row = await inTransaction(deps, async (tx) => {
      const created = await createChat(tx, thread, {
        id: randomUUID(),
        userId: ctx.userId,
        userMessage: message,
        aiResponse: answer.reply,
        proposedContent: answer.proposedContent,
        writer,
      })
      const blocks = answer.proposedContent ? { [type]: answer.proposedContent } : {}
      await recordGenerationCompleted(tx, ctx.orgId, ctx.userId, { kind: 'chat', estimateId, jobId: null, writer, contentBlocks: blocks })
      return created
    })
    return chatMessageOf(row)
  })
}
