import type { ChatMessage, ContentSectionType } from '@plumbline/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { Db } from './db.js'

export type ChatThread = { orgId: string; estimateId: string; type: ContentSectionType }

const where = (t: ChatThread) => ({ organizationId: t.orgId, estimateId: t.estimateId, sectionType: t.type })

/** The whole thread, oldest first. */
export const listChat = (db: Db, t: ChatThread) => db.chatMessage.findMany({ where: where(t), orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })

/** The last `limit` exchanges, oldest first (context for a model). */
export async function recentChat(db: Db, t: ChatThread, limit: number) {
  const rows = await db.chatMessage.findMany({ where: where(t), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit })
  return rows.reverse()
}

export const createChat = (
  db: Db,
  t: ChatThread,
  row: { id: string; userId: string; userMessage: string; aiResponse: string; proposedContent: string | null; writer: string },
) => db.chatMessage.create({ data: { ...where(t), ...row } })

/** A stored chat row as the contract shows it. */
export const chatMessageOf = (row: Prisma.ChatMessageGetPayload<object>): ChatMessage => ({
  id: row.id,
  userMessage: row.userMessage,
  aiResponse: row.aiResponse,
  proposedContent: row.proposedContent,
  writer: row.writer === 'openai' ? 'openai' : 'built-in',
  createdAt: row.createdAt.toISOString(),
})
