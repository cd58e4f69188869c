import type { ChatMessage, ContentSectionType } from '@plumbline/contracts'
import { fetchEstimateDocument, type OrgContext } from '@plumbline/service-kit'
import { chatMessageOf, listChat } from '../data/chat-repo.js'
import type { AiDeps } from '../deps.js'

/**
 * GET …/content-sections/{type}/chat: the thread, oldest first. The estimate is checked with its
 * owner first, so another organisation's estimate is a 404 rather than an empty thread.
 */
export async function listChatMessages(deps: AiDeps, ctx: OrgContext, estimateId: string, type: ContentSectionType): Promise<ChatMessage[]> {
  await fetchEstimateDocument(deps, ctx.orgId, estimateId, { timeoutMs: 3000 })
  const rows = await listChat(deps.prisma, { orgId: ctx.orgId, estimateId, type })
  return rows.map(chatMessageOf)
}
