import type { SummarizeMeetingReply } from '@plumbline/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { Db, Tx } from './db.js'

// Action items belong to a meeting; every function takes one the caller found in its organisation.

export type ActionItemRow = Prisma.ActionItemGetPayload<object>

/** Locks one item of the meeting (two clicks make one task); null when the meeting has no such item. */
export async function lockActionItem(tx: Tx, meetingId: string, itemId: string): Promise<ActionItemRow | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM action_items WHERE id = ${itemId}::uuid AND meeting_id = ${meetingId}::uuid FOR UPDATE`
  return locked.length ? tx.actionItem.findUniqueOrThrow({ where: { id: itemId } }) : null
}

/** Locks every item of the meeting and answers those that are not tasks yet, in order. */
export async function lockItemsWithoutTask(tx: Tx, meetingId: string): Promise<ActionItemRow[]> {
  await tx.$queryRaw`SELECT id FROM action_items WHERE meeting_id = ${meetingId}::uuid FOR UPDATE`
  return tx.actionItem.findMany({ where: { meetingId, taskId: null }, orderBy: { position: 'asc' } })
}

export async function linkItemToTask(db: Db, itemId: string, taskId: string): Promise<void> {
  await db.actionItem.update({ where: { id: itemId }, data: { taskId } })
}

/** A new summary's items replace the earlier ones, except those already made tasks, which stay first. */
export async function replaceOpenActionItems(tx: Tx, meetingId: string, items: SummarizeMeetingReply['actionItems']): Promise<void> {
  await tx.actionItem.deleteMany({ where: { meetingId, taskId: null } })
  const kept = await tx.actionItem.count({ where: { meetingId } })
  await tx.actionItem.createMany({
    data: items.map((item, i) => ({
      meetingId,
      position: kept + i,
      text: item.text,
      owner: item.owner,
      dueDate: item.dueDate ? new Date(`${item.dueDate}T00:00:00Z`) : null,
      sourceSegmentIndex: item.sourceSegmentIndex,
    })),
  })
}
