import { z } from 'zod'
import type { ApiRoute } from '../api-routes.js'
import { ZCreateTaskBody, ZTask, ZUpdateTaskBody } from '../tasks.js'

/** The meetings service's routes (see the catalogue's doc in api-routes.ts). */
export const meetingsRoutes: readonly ApiRoute[] = [
  {
    id: 'getTasks',
    method: 'GET',
    path: '/organizations/:orgId/tasks',
    service: 'meetings',
    access: 'org',
    permission: { module: 'ai_notetaker', action: 'access' },
    reply: z.array(ZTask),
  },
  {
    id: 'postTasks',
    method: 'POST',
    path: '/organizations/:orgId/tasks',
    service: 'meetings',
    access: 'org',
    permission: { module: 'ai_notetaker', action: 'create' },
    body: ZCreateTaskBody,
    reply: ZTask,
    status: 201,
  },
  {
    id: 'postTasksToggle',
    method: 'POST',
    path: '/organizations/:orgId/tasks/:id/toggle',
    service: 'meetings',
    access: 'org',
    permission: { module: 'ai_notetaker', action: 'edit' },
    reply: ZTask,
  },
  {
    id: 'putTasksById',
    method: 'PUT',
    path: '/organizations/:orgId/tasks/:id',
    service: 'meetings',
    access: 'org',
    permission: { module: 'ai_notetaker', action: 'edit' },
    body: ZUpdateTaskBody,
    reply: ZTask,
  },
  {
    id: 'deleteTasksById',
    method: 'DELETE',
    path: '/organizations/:orgId/tasks/:id',
    service: 'meetings',
    access: 'org',
    permission: { module: 'ai_notetaker', action: 'delete' },
    status: 204,
  },
]
