import { TASK_NEXT_CURSOR_HEADER } from '@plumbline/contracts'
import { meetingsRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Request, Router } from 'express'
import type { MeetingsDeps } from '../deps.js'
import { createTask, deleteTask, listTasks, summarizeTasks, toggleTask, updateTask } from '../usecases/tasks.js'

/** Task ids are UUIDs; anything else names no task, so it is the same 404 as a missing one. */
const taskId = (req: Request) => uuidParam(req, 'id', 'Task')

/**
 * Tasks (spec 001 §7), under the ai_notetaker module: every member reads them; creating takes
 * create, editing and ticking take edit, deleting takes delete (Members may not delete).
 */
export function taskRoutes(deps: Pick<MeetingsDeps, 'prisma' | 'bus' | 'logger'>): Router {
  return catalogueRouter(meetingsRoutes)
    .on('getTasks', async ({ ctx, query, res }) => {
      const { tasks, next } = await listTasks(deps, ctx, query)
      if (next) res.setHeader(TASK_NEXT_CURSOR_HEADER, next)
      return tasks
    })
    .on('getTasksSummary', ({ ctx, query }) => summarizeTasks(deps, ctx, query.today))
    .on('postTasks', ({ ctx, body }) => createTask(deps, ctx, body))
    .on('postTasksToggle', ({ ctx, req }) => toggleTask(deps, ctx, taskId(req)))
    .on('putTasksById', ({ ctx, body, req }) => updateTask(deps, ctx, taskId(req), body))
    .on('deleteTasksById', async ({ ctx, req }) => {
      await deleteTask(deps, ctx, taskId(req))
    }).router
}
