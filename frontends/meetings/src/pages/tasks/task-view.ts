import { isTaskOverdue, type Task } from '@plumbline/contracts'

export const TASK_TABS = ['all', 'pending', 'completed', 'overdue'] as const
export type TaskTab = (typeof TASK_TABS)[number]
export type TaskSort = 'newest' | 'due'

export type TaskCounts = Record<'total' | 'pending' | 'completed' | 'overdue', number>

export function countTasks(tasks: Task[], today: string): TaskCounts {
  const completed = tasks.filter((t) => t.completed).length
  return { total: tasks.length, pending: tasks.length - completed, completed, overdue: tasks.filter((t) => isTaskOverdue(t, today)).length }
}

export function tasksOfTab(tasks: Task[], tab: TaskTab, today: string): Task[] {
  if (tab === 'pending') return tasks.filter((t) => !t.completed)
  if (tab === 'completed') return tasks.filter((t) => t.completed)
  if (tab === 'overdue') return tasks.filter((t) => isTaskOverdue(t, today))
  return tasks
}

/** By due date: earliest first, tasks without a date last; the server's order (newest) otherwise. */
export function sortTasks(tasks: Task[], sort: TaskSort): Task[] {
  if (sort === 'newest') return tasks
  return [...tasks].sort((a, b) => (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31'))
}

/** "Dec 1, 2026" for a calendar day, read as that day wherever the reader is. */
export const formatDueDate = (day: string) => new Date(`${day}T00:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
