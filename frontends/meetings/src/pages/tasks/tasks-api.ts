import type { CreateTaskBody, Task, UpdateTaskBody } from '@plumbline/contracts'
import { apiRequest } from '@plumbline/web'

// The query key is also the GET it makes (spec 000 §7: string segments join into the path).
export const tasksKey = (orgId: string) => ['/api/organizations', orgId, 'tasks'] as const
const tasksPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/tasks`
const taskPath = (orgId: string, id: string) => `${tasksPath(orgId)}/${encodeURIComponent(id)}`

export async function createTask(orgId: string, body: CreateTaskBody): Promise<Task> {
  return (await (await apiRequest('POST', tasksPath(orgId), body)).json()) as Task
}

export async function updateTask(orgId: string, id: string, body: UpdateTaskBody): Promise<Task> {
  return (await (await apiRequest('PUT', taskPath(orgId, id), body)).json()) as Task
}

export async function toggleTask(orgId: string, id: string): Promise<Task> {
  return (await (await apiRequest('POST', `${taskPath(orgId, id)}/toggle`)).json()) as Task
}

export async function deleteTask(orgId: string, id: string): Promise<void> {
  await apiRequest('DELETE', taskPath(orgId, id))
}
