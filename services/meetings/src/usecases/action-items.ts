import type { Task } from '@plumbline/contracts'
import { inTransaction, notFound, type OrgContext } from '@plumbline/service-kit'
import { type ActionItemRow, linkItemToTask, lockActionItem, lockItemsWithoutTask } from '../data/action-items-repo.js'
import type { Tx } from '../data/db.js'
import { findMeetingTitle } from '../data/meetings-repo.js'
import { findTaskRow, taskWithMeeting } from '../data/tasks-repo.js'
import type { MeetingsDeps } from '../deps.js'
import { isPastForEveryone } from '../domain/due-date.js'
import { meetingNotFound } from './meetings.js'
import { insertTask } from './tasks.js'

type Deps = Pick<MeetingsDeps, 'prisma'>

const TITLE_MAX = 200

/** The task an action item becomes: its text, its owner and source named, its due date unless already past. */
async function taskFromItem(tx: Tx, ctx: OrgContext, meeting: { id: string; title: string }, item: ActionItemRow): Promise<Task> {
  const due = item.dueDate?.toISOString().slice(0, 10) ?? null
  const title = item.text.length > TITLE_MAX ? `${item.text.slice(0, TITLE_MAX - 1)}…` : item.text
  const description = [item.owner ? `Owner: ${item.owner}` : null, `From the meeting "${meeting.title}"`].filter(Boolean).join('\n')
  const task = await insertTask(tx, ctx, {
    title,
    description,
    priority: 'medium',
    dueDate: due && !isPastForEveryone(due) ? due : null,
    meetingId: meeting.id,
    estimateId: null,
    assigneeUserId: null,
  })
  await linkItemToTask(tx, item.id, task.id)
  return task
}

async function meetingOf(tx: Tx, orgId: string, id: string) {
  const meeting = await findMeetingTitle(tx, orgId, id)
  if (!meeting) throw meetingNotFound()
  return meeting
}

/** One action item → a task linked to the meeting. Idempotent: an item that is a task already answers that task. */
export async function actionItemToTask(deps: Deps, ctx: OrgContext, meetingId: string, itemId: string): Promise<Task> {
  return inTransaction(deps, async (tx) => {
    const meeting = await meetingOf(tx, ctx.orgId, meetingId)
    const item = await lockActionItem(tx, meeting.id, itemId)
    if (!item) throw notFound('Action item')
    if (item.taskId) {
      const existing = await findTaskRow(tx, ctx.orgId, item.taskId)
      if (existing) return taskWithMeeting(tx, ctx.orgId, existing)
    }
    return taskFromItem(tx, ctx, meeting, item)
  })
}

/** Every action item that is not a task yet → a task. Answers the tasks made. */
export async function allActionItemsToTasks(deps: Deps, ctx: OrgContext, meetingId: string): Promise<Task[]> {
  return inTransaction(deps, async (tx) => {
    const meeting = await meetingOf(tx, ctx.orgId, meetingId)
    const tasks: Task[] = []
    for (const item of await lockItemsWithoutTask(tx, meeting.id)) tasks.push(await taskFromItem(tx, ctx, meeting, item))
    return tasks
  })
}
