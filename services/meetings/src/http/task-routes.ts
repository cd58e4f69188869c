import { TASK_NEXT_CURSOR_HEADER, ZCreateTaskBody, ZOrgIdParam, ZTaskIdParams, ZTaskListQuery, ZTaskSummaryQuery, ZUpdateTaskBody } from '@plumbline/contracts'
import { isUuid, notFound, orgContextOf, parseBody, parseParams, parseQuery, requirePermission } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { MeetingsDeps } from '../deps.js'
import { createTask, deleteTask, listTasks, summarizeTasks, toggleTask, updateTask } from '../usecases/tasks.js'

/** Task ids are UUIDs; anything else names no task, so it is the same 404 as a missing one. */
function taskIdOf(req: express.Request): string {
  const { id } = parseParams(ZTaskIdParams, req)
  if (!isUuid(id)) throw notFound('Task')
  return id.toLowerCase()
}

/**
 * Tasks (spec 001 §7), under the ai_notetaker module: every member reads them; creating takes
 * create, editing and ticking take edit, deleting takes delete (Members may not delete).
 */
export function taskRoutes(deps: Pick<MeetingsDeps, 'prisma'>): Router {
  const router = express.Router()
  const base = '/organizations/:orgId/tasks'
  router.get(base, async (req, res) => {
    const ctx = orgContextOf(res, parseParams(ZOrgIdParam, req).orgId)
    requirePermission(ctx, 'ai_notetaker', 'access')
    const { tasks, next } = await listTasks(deps, ctx.orgId, parseQuery(ZTaskListQuery, req))
    if (next) res.setHeader(TASK_NEXT_CURSOR_HEADER, next)
    res.json(tasks)
  })
  router.get(`${base}/summary`, async (req, res) => {
    const ctx = orgContextOf(res, parseParams(ZOrgIdParam, req).orgId)
    requirePermission(ctx, 'ai_notetaker', 'access')
    res.json(await summarizeTasks(deps, ctx.orgId, parseQuery(ZTaskSummaryQuery, req).today))
  })
  router.post(base, async (req, res) => {
    const ctx = orgContextOf(res, parseParams(ZOrgIdParam, req).orgId)
    requirePermission(ctx, 'ai_notetaker', 'create')
    const body = parseBody(ZCreateTaskBody, req)
    res.status(201).json(await createTask(deps, ctx, body))
  })
  router.post(`${base}/:id/toggle`, async (req, res) => {
    const ctx = orgContextOf(res, parseParams(ZTaskIdParams, req).orgId)
    const id = taskIdOf(req)
    requirePermission(ctx, 'ai_notetaker', 'edit')
    res.json(await toggleTask(deps, ctx, id))
  })
  router.put(`${base}/:id`, async (req, res) => {
    const ctx = orgContextOf(res, parseParams(ZTaskIdParams, req).orgId)
    const id = taskIdOf(req)
    requirePermission(ctx, 'ai_notetaker', 'edit')
    const body = parseBody(ZUpdateTaskBody, req)
    res.json(await updateTask(deps, ctx, id, body))
  })
  router.delete(`${base}/:id`, async (req, res) => {
    const ctx = orgContextOf(res, parseParams(ZTaskIdParams, req).orgId)
    const id = taskIdOf(req)
    requirePermission(ctx, 'ai_notetaker', 'delete')
    await deleteTask(deps, ctx, id)
    res.status(204).end()
  })
  return router
}
