import type { Task } from '@plumbline/contracts'
import { notFound } from '@plumbline/service-kit'
import { taskWithMeeting } from '../data/tasks-repo.js'
import type { MeetingsDeps, Tx } from '../deps.js'
import { isPastForEveryone } from '../domain/due-date.js'
import { meetingNotFound } from './meetings.js'
import { insertTask } from './tasks.js'

type Actor = { orgId: string; userId: string }
type Deps = Pick<MeetingsDeps, 'prisma'>
type ItemRow = NonNullable<Awaited<ReturnType<Tx['actionItem']['findFirst']>>>

const TITLE_MAX = 200

/** The task an action item becomes: its text, its owner and source named, its due date unless already past. */
async function taskFromItem(tx: Tx, actor: Actor, meeting: { id: string; title: string }, item: ItemRow): Promise<Task> {
  const due = item.dueDate?.toISOString().slice(0, 10) ?? null
  const title = item.text.length > TITLE_MAX ? `${item.text.slice(0, TITLE_MAX - 1)}…` : item.text
  const description = [item.owner ? `Owner: ${item.owner}` : null, `From the meeting "${meeting.title}"`].filter(Boolean).join('\n')
  const task = await insertTask(tx, actor, {
    title,
    description,
    priority: 'medium',
    dueDate: due && !isPastForEveryone(due) ? due : null,
    meetingId: meeting.id,
    estimateId: null,
    assigneeUserId: null,
  })
  await tx.actionItem.update({ where: { id: item.id }, data: { taskId: task.id } })
  return task
}

async function meetingOf(tx: Tx, orgId: string, id: string) {
  const meeting = await tx.meeting.findFirst({ where: { id, organizationId: orgId }, select: { id: true, title: true } })
  if (!meeting) throw meetingNotFound()
  return meeting
}

/** One action item → a task linked to the meeting. Idempotent: an item that is a task already answers that task. */
export async function actionItemToTask(deps: Deps, actor: Actor, meetingId: string, itemId: string): Promise<Task> {
  return deps.prisma.$transaction(async (tx) => {
    const meeting = await meetingOf(tx, actor.orgId, meetingId)
    // Locks the item so two clicks make one task.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM action_items WHERE id = ${itemId}::uuid AND meeting_id = ${meeting.id}::uuid FOR UPDATE`
    if (!locked.length) throw notFound('Action item')
    const item = await tx.actionItem.findUniqueOrThrow({ where: { id: itemId } })
    if (item.taskId) {
      const existing = await tx.task.findFirst({ where: { id: item.taskId, organizationId: actor.orgId } })
      if (existing) return taskWithMeeting(tx, actor.orgId, existing)
    }
    return taskFromItem(tx, actor, meeting, item)
  })
}

/** Every action item that is not a task yet → a task. Answers the tasks made. */
export async function allActionItemsToTasks(deps: Deps, actor: Actor, meetingId: string): Promise<Task[]> {
  return deps.prisma.$transaction(async (tx) => {
    const meeting = await meetingOf(tx, actor.orgId, meetingId)
    await tx.$queryRaw`SELECT id FROM action_items WHERE meeting_id = ${meeting.id}::uuid FOR UPDATE`
    const items = await tx.actionItem.findMany({ where: { meetingId: meeting.id, taskId: null }, orderBy: { position: 'asc' } })
    const tasks: Task[] = []
    for (const item of items) tasks.push(await taskFromItem(tx, actor, meeting, item))
    return tasks
  })
}
