import { type CreateTaskBody, TASK_NEXT_CURSOR_HEADER, type Task, type TaskFilter, type TaskSort, type UpdateTaskBody } from '@plumbline/contracts'
import { apiRequest, buildUrlFromQueryKey, throwIfNotOk } from '@plumbline/web'

// The query key is also the GET it makes (spec 000 §7: string segments join into the path).
export const tasksKey = (orgId: string) => ['/api/organizations', orgId, 'tasks'] as const
const tasksPath = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/tasks`
const taskPath = (orgId: string, id: string) => `${tasksPath(orgId)}/${encodeURIComponent(id)}`

/** How many tasks a page of the list shows before "Load more". */
const TASK_PAGE_SIZE = 50

export type TaskListParams = { status: TaskFilter; sort: TaskSort; today: string }
export type TaskPage = { tasks: Task[]; next: string | null }

export const taskListKey = (orgId: string, params: TaskListParams) => [...tasksKey(orgId), { ...params, limit: TASK_PAGE_SIZE }] as const
export const taskSummaryKey = (orgId: string, today: string) => [...tasksKey(orgId), 'summary', { today }] as const

/** One page of the list; the next page's cursor comes in a header, so the answer stays the spec's array. */
export async function fetchTaskPage(orgId: string, params: TaskListParams, cursor: string | null, signal?: AbortSignal): Promise<TaskPage> {
  const url = buildUrlFromQueryKey([...taskListKey(orgId, params), { cursor }])
  const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal })
  await throwIfNotOk(res)
  return { tasks: (await res.json()) as Task[], next: res.headers.get(TASK_NEXT_CURSOR_HEADER) }
}

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
