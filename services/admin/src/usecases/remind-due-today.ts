import { type DueTodayBody, todaysAnywhere } from '@plumbline/contracts'
import { badRequest, type OrgContext } from '@plumbline/service-kit'
import { insertNotifications } from '../data/notifications-repo.js'
import { openTasksDueOn } from '../data/tracked-tasks-repo.js'
import type { AdminDeps } from '../deps.js'

export const NOT_TODAY = 'Must be today’s date where you are'

/**
 * "Task due today" for the caller: one notification per open task of theirs (assigned to them,
 * or made by them and assigned to nobody) due on their today, once per task and due day.
 *
 * Why the browser says what today is: the server knows nobody's time zone, and a sweep on
 * UTC's calendar would tell someone in California at 4 pm that tomorrow's task is "due today".
 * The bell posts its local date when it first loads and whenever the date changes, so the
 * reminder appears the first time the user looks on the day. The date must be today somewhere
 * on Earth, so nothing can be announced early. A task completed, deleted or moved to another
 * day before then is not announced; one announced stays (it was true when said).
 */
export async function remindDueToday(
  deps: Pick<AdminDeps, 'prisma'>,
  ctx: OrgContext,
  body: DueTodayBody,
  now: Date = new Date(),
): Promise<{ created: number }> {
  const { earliest, latest } = todaysAnywhere(now)
  if (body.today < earliest || body.today > latest) throw badRequest(`today: ${NOT_TODAY}`, [{ field: 'today', message: NOT_TODAY }])
  const tasks = await openTasksDueOn(deps.prisma, ctx.orgId, ctx.userId, body.today)
  const created = await insertNotifications(
    deps.prisma,
    tasks.map((t) => ({
      orgId: ctx.orgId,
      userId: ctx.userId,
      sourceKey: `task-due:${t.taskId}:${body.today}`,
      kind: 'task_due' as const,
      entityId: t.taskId,
      target: t.title,
      detail: body.today,
      actorId: null,
      createdAt: now,
    })),
  )
  return { created }
}
