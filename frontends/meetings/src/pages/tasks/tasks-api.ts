import { type CreateTaskBody, TASK_NEXT_CURSOR_HEADER, type Task, type TaskFilter, type TaskSort, type UpdateTaskBody } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiKey, callApi } from '@plumbline/web'

// The query key is also the GET it makes (spec 000 §7: string segments join into the path).
export const tasksKey = (orgId: string) => apiKey(api.getTasks, { orgId })

/** How many tasks a page of the list shows before "Load more". */
const TASK_PAGE_SIZE = 50

export type TaskListParams = { status: TaskFilter; sort: TaskSort; today: string }
export type TaskPage = { tasks: Task[]; next: string | null }

const listQuery = (params: TaskListParams) => ({ ...params, limit: TASK_PAGE_SIZE })
export const taskListKey = (orgId: string, params: TaskListParams) => apiKey(api.getTasks, { orgId }, listQuery(params))
export const taskSummaryKey = (orgId: string, today: string) => apiKey(api.getTasksSummary, { orgId }, { today })

/** One page of the list; the next page's cursor comes in a header, so the answer stays the spec's array. */
export async function fetchTaskPage(orgId: string, params: TaskListParams, cursor: string | null, signal?: AbortSignal): Promise<TaskPage> {
  const res = await callApi(api.getTasks, { params: { orgId }, query: { ...listQuery(params), cursor }, signal, raw: true })
  return { tasks: (await res.json()) as Task[], next: res.headers.get(TASK_NEXT_CURSOR_HEADER) }
}

export async function createTask(orgId: string, body: CreateTaskBody): Promise<Task> {
  return callApi(api.postTasks, { params: { orgId }, body })
}

export async function updateTask(orgId: string, id: string, body: UpdateTaskBody): Promise<Task> {
  return callApi(api.putTasksById, { params: { orgId, id }, body })
}

export async function toggleTask(orgId: string, id: string): Promise<Task> {
  return callApi(api.postTasksToggle, { params: { orgId, id } })
}

export async function deleteTask(orgId: string, id: string): Promise<void> {
  await callApi(api.deleteTasksById, { params: { orgId, id } })
}
