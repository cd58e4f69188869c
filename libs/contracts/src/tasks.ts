import { z } from 'zod'

// Spec 001 §3 Task, §5 Task validation, §7 GET/POST /tasks and POST /tasks/{id}/toggle; PUT and
// DELETE /tasks/{id} go beyond the spec (edit and delete a task).

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const
export type TaskPriority = (typeof TASK_PRIORITIES)[number]

/** Spec 001 §5 and §8: the exact texts. */
export const TASK_TITLE_REQUIRED = 'Task title is required'
export const TASK_PRIORITY_INVALID = 'Priority must be low, medium or high'
export const TASK_DUE_DATE_INVALID = 'Due date must be a valid date'
export const TASK_DUE_DATE_PAST = 'Due date cannot be in the past'
export const TASK_CREATE_FAILED = 'Failed to create task'
export const TASK_UPDATE_FAILED = 'Failed to update task'
export const TASK_DELETE_FAILED = 'Failed to delete task'
export const TASK_TOGGLE_FAILED = 'Failed to update task status'
export const TASK_LIST_FAILED = 'Failed to load tasks'
/** A task links only to its own organisation's estimate, meeting and members. */
export const TASK_LINK_MESSAGES = {
  estimateId: 'Estimate not found in this organization',
  meetingId: 'Meeting not found in this organization',
  assigneeUserId: 'Assignee is not a member of this organization',
} as const

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/

/** `YYYY-MM-DD` of an ISO date or date-time text, or null when it names no real calendar day. */
export function isoDateOf(value: string): string | null {
  const m = DATE_RE.exec(value)
  if (!m) return null
  if (m[4] && Number.isNaN(Date.parse(value))) return null
  const day = `${m[1]}-${m[2]}-${m[3]}`
  // Date.parse rolls 2026-02-30 over to March; a real day survives the round trip.
  const parsed = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null
}

/** The calendar day of `now` in the local time zone, as `YYYY-MM-DD` (what "today" means to a user). */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** Spec 001 §4: overdue means not completed and the due date is before today. */
export function isTaskOverdue(task: { completed: boolean; dueDate: string | null }, today: string): boolean {
  return !task.completed && task.dueDate !== null && task.dueDate < today
}

const title = z.string({ error: TASK_TITLE_REQUIRED }).trim().min(1, TASK_TITLE_REQUIRED).max(200, 'Task title must be at most 200 characters')
const description = z
  .string({ error: 'Description must be text' })
  .max(5000, 'Description must be at most 5000 characters')
  .nullable()
  .optional()
  // Absent stays absent, so a PUT without it keeps the stored text; blank clears it.
  .transform((v) => (v === undefined ? undefined : v?.trim() || null))
const priority = z.enum(TASK_PRIORITIES, { error: TASK_PRIORITY_INVALID })
/** ISO text (a date or a date-time); kept as its calendar day. Empty or null clears it. */
const dueDate = z
  .union([z.string({ error: TASK_DUE_DATE_INVALID }), z.null()], { error: TASK_DUE_DATE_INVALID })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined
    if (v === null || v.trim() === '') return null
    const day = isoDateOf(v.trim())
    if (!day) {
      ctx.addIssue({ code: 'custom', message: TASK_DUE_DATE_INVALID })
      return z.NEVER
    }
    return day
  })
const linkId = z.string({ error: 'Must be an id' }).trim().min(1).max(64).nullable().optional()

export const ZCreateTaskBody = z.object({
  title,
  description,
  priority: priority.default('medium'),
  dueDate,
  estimateId: linkId,
  meetingId: linkId,
  assigneeUserId: linkId,
})
export type CreateTaskBody = z.input<typeof ZCreateTaskBody>
export type CreateTaskInput = z.output<typeof ZCreateTaskBody>

/** Every field optional: a PUT changes what it names. */
export const ZUpdateTaskBody = z.object({
  title: title.optional(),
  description,
  priority: priority.optional(),
  dueDate,
  estimateId: linkId,
  meetingId: linkId,
  assigneeUserId: linkId,
})
export type UpdateTaskBody = z.input<typeof ZUpdateTaskBody>
export type UpdateTaskInput = z.output<typeof ZUpdateTaskBody>

export const ZTask = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  dueDate: z.string().nullable(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  estimateId: z.string().nullable(),
  meetingId: z.string().nullable(),
  /** The linked meeting's title while it exists (the list shows it as a link). */
  meetingTitle: z.string().nullable(),
  assigneeUserId: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Task = z.infer<typeof ZTask>

/** GET /tasks filters beyond the spec: the tasks linked to one estimate or one meeting (their detail views show them). */
/** The Tasks page's tabs (spec 001 §4), also the list's `status` filter. */
export const TASK_FILTERS = ['all', 'pending', 'completed', 'overdue'] as const
export type TaskFilter = (typeof TASK_FILTERS)[number]
/** Newest first (the spec's order), or by due date: earliest first, tasks without one last. */
export const TASK_SORTS = ['newest', 'due'] as const
export type TaskSort = (typeof TASK_SORTS)[number]
/** The largest page GET /tasks answers; without `limit` it answers every task (the spec's list). */
export const TASK_PAGE_MAX = 200
/** The response header naming the cursor of the next page, present only when more tasks follow. */
export const TASK_NEXT_CURSOR_HEADER = 'X-Next-Cursor'
export const TASK_CURSOR_INVALID = 'Cursor is not valid for this list; start again without it'

/** The caller's calendar day (what "overdue" is measured against); the server's UTC day by default. */
const today = z
  .string()
  .trim()
  .refine((v) => isoDateOf(v) === v, 'Today must be a calendar day (YYYY-MM-DD)')
  .optional()

/**
 * GET /tasks: filters, order and (opt-in) keyset paging. Beyond the spec (a long list read
 * whole was slow; docs/adr/0011): a caller that sends `limit` gets at most that many and, when more follow,
 * the next page's cursor in the X-Next-Cursor header; a caller that does not gets every task as
 * the spec's list does. The answer stays a plain array either way.
 */
export const ZTaskListQuery = z.object({
  estimateId: z.string().trim().min(1).max(64).optional(),
  meetingId: z.string().trim().min(1).max(64).optional(),
  status: z.enum(TASK_FILTERS, { error: `Status must be one of ${TASK_FILTERS.join(', ')}` }).optional(),
  sort: z.enum(TASK_SORTS, { error: `Sort must be one of ${TASK_SORTS.join(', ')}` }).optional(),
  today,
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(TASK_PAGE_MAX, `Limit must be at most ${TASK_PAGE_MAX}`)
    .optional(),
  cursor: z.string().trim().min(1).max(300).optional(),
})
export type TaskListQuery = z.infer<typeof ZTaskListQuery>

/** GET /tasks/summary: the Tasks page's four counts (spec 001 §4), over all of the organisation's tasks. */
export const ZTaskSummaryQuery = z.object({ today })
export const ZTaskSummary = z.object({ total: z.number().int(), pending: z.number().int(), completed: z.number().int(), overdue: z.number().int() })
export type TaskSummary = z.infer<typeof ZTaskSummary>

export const ZTaskIdParams = z.object({ orgId: z.string().min(1).max(64), id: z.string().min(1).max(64) })

/** Events the meetings service publishes through its outbox when a task changes. */
export const TaskSubjects = {
  created: 'meetings.task.created.v1',
  updated: 'meetings.task.updated.v1',
  deleted: 'meetings.task.deleted.v1',
} as const
export const ZTaskEventV1 = z.object({
  taskId: z.string(),
  title: z.string(),
  completed: z.boolean(),
  // Added for the notification bell; optional, so events published before them still parse.
  /** Who the task is assigned to after this change (null: nobody). */
  assigneeUserId: z.string().nullish(),
  /** Who made the task. */
  createdBy: z.string().optional(),
  /** The due day (YYYY-MM-DD) after this change, or null. */
  dueDate: z.string().nullish(),
  /** This change gave the task its assignee: created with one, or assigned to someone else. */
  assigneeChanged: z.boolean().optional(),
})
export type TaskEventV1 = z.infer<typeof ZTaskEventV1>
