import type { ChatMessage } from '@plumbline/contracts'
import type { Prisma } from '../generated/prisma/client.js'

/** A stored chat row as the contract shows it. */
export const chatMessageOf = (row: Prisma.ChatMessageGetPayload<object>): ChatMessage => ({
  id: row.id,
  userMessage: row.userMessage,
  aiResponse: row.aiResponse,
  proposedContent: row.proposedContent,
  writer: row.writer === 'openai' ? 'openai' : 'built-in',
  createdAt: row.createdAt.toISOString(),
})
