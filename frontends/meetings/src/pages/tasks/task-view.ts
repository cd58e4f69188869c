import { isTaskOverdue, type Task, type TaskFilter } from '@plumbline/contracts'
import { formatDate } from '@plumbline/contracts/format'

/**
 * The loaded tasks a tab shows. The server already filtered them by the tab; this applies the same
 * rule again so a task ticked on the Pending tab leaves it at once, before the list is read anew.
 */
export function tasksOfTab(tasks: Task[], tab: TaskFilter, today: string): Task[] {
  if (tab === 'pending') return tasks.filter((t) => !t.completed)
  if (tab === 'completed') return tasks.filter((t) => t.completed)
  if (tab === 'overdue') return tasks.filter((t) => isTaskOverdue(t, today))
  return tasks
}

/** "Dec 1, 2026" for a calendar day, read as that day wherever the reader is (midnight UTC shown in UTC). */
export const formatDueDate = (day: string) => formatDate(day, 'short', 'UTC')
