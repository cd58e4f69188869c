import {
  isTaskOverdue,
  localIsoDate,
  type Member,
  TASK_CREATE_FAILED,
  TASK_DELETE_FAILED,
  TASK_FILTERS,
  TASK_LIST_FAILED,
  TASK_TOGGLE_FAILED,
  TASK_UPDATE_FAILED,
  type Task,
  type TaskFilter,
  type TaskSort,
  type TaskSummary,
} from '@plumbline/contracts'
import {
  Badge,
  Button,
  Card,
  CardContent,
  Checkbox,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  PageBody,
  PageHeader,
  Skeleton,
  Tabs,
  TabsList,
  TabsTrigger,
  toast,
} from '@plumbline/ui'
import { parseApiError, useActiveOrganization, useAuth, useNewEstimateBlockedReason } from '@plumbline/web'
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  AlertTriangle,
  ArrowDownWideNarrow,
  CalendarClock,
  CheckCircle2,
  Circle,
  FileText,
  ListChecks,
  Mic,
  Pencil,
  Plus,
  RotateCw,
  Trash2,
  UserRound,
} from 'lucide-react'
import * as React from 'react'
import { Link, useNavigate } from 'react-router'
import { memberName, membersKey } from '../shared/members'
import { TaskFormDialog, type TaskFormValues } from './task-form-dialog'
import { formatDueDate, tasksOfTab } from './task-view'
import { createTask, deleteTask, fetchTaskPage, type TaskPage, taskListKey, taskSummaryKey, tasksKey, toggleTask, updateTask } from './tasks-api'

const TAB_LABEL: Record<TaskFilter, string> = { all: 'All', pending: 'Pending', completed: 'Completed', overdue: 'Overdue' }
const PRIORITY_CLASS = { low: 'bg-muted text-muted-foreground', medium: 'bg-amber-100 text-amber-900', high: 'bg-red-100 text-red-900' } as const
const ORG_MISSING = 'Organization ID not available'

const failure = (description: string) => toast({ variant: 'destructive', title: 'Error', description })

/** A 400's field messages, so a refusal the form did not foresee shows beside its field. */
function fieldErrorsOf(error: unknown): Partial<Record<'title' | 'dueDate', string>> {
  const body = parseApiError(error).body as { errors?: { field?: string; message?: string }[] } | null
  const out: Partial<Record<'title' | 'dueDate', string>> = {}
  for (const e of body?.errors ?? []) if ((e.field === 'title' || e.field === 'dueDate') && e.message) out[e.field] ??= e.message
  return out
}

const bodyOf = (v: TaskFormValues) => ({
  title: v.title,
  description: v.description,
  priority: v.priority,
  dueDate: v.dueDate || null,
  estimateId: v.estimateId,
  assigneeUserId: v.assigneeUserId,
})

/** /tasks (spec 001 §2): counts, tabs, the task list with its checkboxes, New Task; edit, delete and sort go beyond the spec. */
export default function TasksPage() {
  React.useEffect(() => {
    document.title = 'Tasks · Plumbline'
  }, [])
  const navigate = useNavigate()
  const org = useActiveOrganization()
  const { isLoading: authLoading } = useAuth()
  const [editing, setEditing] = React.useState<Task | null>(null)
  const [formOpen, setFormOpen] = React.useState(false)

  const openNew = () => {
    if (!org) return failure(ORG_MISSING)
    setEditing(null)
    setFormOpen(true)
  }

  return (
    <>
      <PageHeader
        title="Tasks"
        description="Keep track of follow-ups and action items"
        onNewEstimate={() => navigate('/cost-estimator?new=1')}
        newEstimateBlockedReason={useNewEstimateBlockedReason()}
        actions={
          <Button onClick={openNew} disabled={!org} aria-label="New Task">
            <Plus aria-hidden="true" /> <span className="hidden sm:inline">New Task</span>
          </Button>
        }
      />
      <PageBody className="min-w-0">
        {org ? (
          <TaskBoard
            orgId={org.id}
            formOpen={formOpen}
            editing={editing}
            onEdit={(t) => {
              setEditing(t)
              setFormOpen(true)
            }}
            onFormOpenChange={setFormOpen}
          />
        ) : authLoading ? (
          <Skeleton className="h-64 w-full rounded-xl" />
        ) : (
          <Card role="alert">
            <EmptyState
              icon={<AlertTriangle />}
              title={ORG_MISSING}
              description="Authentication required, refresh"
              action={
                <Button variant="outline" onClick={() => window.location.reload()}>
                  <RotateCw /> Refresh
                </Button>
              }
            />
          </Card>
        )}
      </PageBody>
    </>
  )
}

type BoardProps = {
  orgId: string
  formOpen: boolean
  editing: Task | null
  onEdit: (task: Task) => void
  onFormOpenChange: (open: boolean) => void
}

function TaskBoard({ orgId, formOpen, editing, onEdit, onFormOpenChange }: BoardProps) {
  const queryClient = useQueryClient()
  const key = tasksKey(orgId)
  const members = useQuery<Member[]>({ queryKey: membersKey(orgId) })
  const assigneeName = (id: string | null) => {
    const m = id ? members.data?.find((x) => x.userId === id) : undefined
    return m ? memberName(m) : null
  }
  const [tab, setTab] = React.useState<TaskFilter>('all')
  const [sort, setSort] = React.useState<TaskSort>('newest')
  const [deleting, setDeleting] = React.useState<Task | null>(null)
  const today = localIsoDate()
  // The server filters, orders and pages (docs/adr/0011); the counts come from one summary read.
  const listKey = taskListKey(orgId, { status: tab, sort, today })
  const tasks = useInfiniteQuery<TaskPage, Error, InfiniteData<TaskPage>, typeof listKey, string | null>({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) => fetchTaskPage(orgId, { status: tab, sort, today }, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
  })
  const summary = useQuery<TaskSummary>({ queryKey: taskSummaryKey(orgId, today) })
  const refresh = () => queryClient.invalidateQueries({ queryKey: key })

  const save = useMutation({
    mutationFn: (v: TaskFormValues) => (editing ? updateTask(orgId, editing.id, bodyOf(v)) : createTask(orgId, bodyOf(v))),
    onSuccess: () => {
      onFormOpenChange(false)
      toast({ variant: 'success', title: editing ? 'Task updated' : 'Task created' })
      return refresh()
    },
    onError: () => failure(editing ? TASK_UPDATE_FAILED : TASK_CREATE_FAILED),
  })
  const toggle = useMutation({
    mutationFn: (task: Task) => toggleTask(orgId, task.id),
    onSuccess: (updated) => {
      queryClient.setQueryData<InfiniteData<TaskPage>>(listKey, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, tasks: p.tasks.map((t) => (t.id === updated.id ? updated : t)) })) } : old,
      )
      return queryClient.invalidateQueries({ queryKey: taskSummaryKey(orgId, today) })
    },
    onError: () => failure(TASK_TOGGLE_FAILED),
  })
  const remove = useMutation({
    mutationFn: (task: Task) => deleteTask(orgId, task.id),
    onSuccess: () => {
      setDeleting(null)
      toast({ variant: 'success', title: 'Task deleted' })
      return refresh()
    },
    onError: () => failure(TASK_DELETE_FAILED),
  })

  // A newly opened form starts without the last save's field errors.
  const resetSave = save.reset
  React.useEffect(() => {
    if (formOpen) resetSave()
  }, [formOpen, resetSave])

  const loaded = tasks.data?.pages.flatMap((p) => p.tasks) ?? []
  const shown = tasksOfTab(loaded, tab, today)
  const counts = summary.data
  const tabCount = counts ? counts[tab === 'all' ? 'total' : tab] : undefined
  const noTasksAtAll = counts?.total === 0

  return (
    <div className="space-y-6">
      <section aria-label="Task summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard label="Total" value={counts?.total} failed={summary.isError} icon={<ListChecks />} />
        <SummaryCard label="Pending" value={counts?.pending} failed={summary.isError} icon={<Circle />} />
        <SummaryCard label="Completed" value={counts?.completed} failed={summary.isError} icon={<CheckCircle2 />} />
        <SummaryCard label="Overdue" value={counts?.overdue} failed={summary.isError} icon={<CalendarClock />} tone="danger" />
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs value={tab} onValueChange={(v) => setTab(v as TaskFilter)}>
          <TabsList aria-label="Task filter" className="h-auto flex-wrap">
            {TASK_FILTERS.map((t) => (
              <TabsTrigger key={t} value={t}>
                {TAB_LABEL[t]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <Button variant={sort === 'due' ? 'secondary' : 'outline'} aria-pressed={sort === 'due'} onClick={() => setSort(sort === 'due' ? 'newest' : 'due')}>
          <ArrowDownWideNarrow aria-hidden="true" /> Sort by due date
        </Button>
      </div>

      {tasks.isPending ? (
        <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading tasks">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-xl" />
          ))}
        </div>
      ) : tasks.isError && loaded.length === 0 ? (
        <Card role="alert">
          <EmptyState
            icon={<AlertTriangle />}
            title={TASK_LIST_FAILED}
            action={
              <Button variant="outline" onClick={() => refresh()}>
                <RotateCw /> Refresh
              </Button>
            }
          />
        </Card>
      ) : shown.length === 0 && !tasks.hasNextPage ? (
        <Card>
          <EmptyState
            icon={<ListChecks />}
            title={noTasksAtAll ? 'No tasks yet' : `No ${TAB_LABEL[tab].toLowerCase()} tasks`}
            description={noTasksAtAll ? 'Create a task to keep track of follow-ups and action items.' : undefined}
          />
        </Card>
      ) : (
        <ul className="space-y-3" aria-label="Tasks">
          {shown.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              overdue={isTaskOverdue(task, today)}
              assignee={assigneeName(task.assigneeUserId)}
              busy={toggle.isPending && toggle.variables?.id === task.id}
              onToggle={() => toggle.mutate(task)}
              onEdit={() => onEdit(task)}
              onDelete={() => setDeleting(task)}
            />
          ))}
        </ul>
      )}
      {tasks.hasNextPage ? (
        <div className="flex flex-col items-center gap-2">
          {tabCount !== undefined ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Showing {loaded.length} of {tabCount}
            </p>
          ) : null}
          <Button variant="outline" onClick={() => tasks.fetchNextPage()} disabled={tasks.isFetchingNextPage}>
            {tasks.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {tasks.isError && loaded.length > 0 ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {TASK_LIST_FAILED}
        </p>
      ) : null}

      <TaskFormDialog
        open={formOpen}
        onOpenChange={onFormOpenChange}
        task={editing}
        saving={save.isPending}
        serverErrors={save.error ? fieldErrorsOf(save.error) : undefined}
        onSave={(v) => save.mutate(v)}
        orgId={orgId}
      />
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Delete task?</DialogTitle>
            <DialogDescription>“{deleting?.title}” will be removed. This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}

/** One of the four counts; a placeholder until the summary arrives (or if it could not be read). */
function SummaryCard({
  label,
  value,
  failed,
  icon,
  tone,
}: {
  label: string
  value: number | undefined
  failed: boolean
  icon: React.ReactNode
  tone?: 'danger'
}) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-2 p-4">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          {value === undefined && failed ? (
            <p className="text-2xl font-semibold text-muted-foreground" title="The counts could not be loaded">
              –
            </p>
          ) : value === undefined ? (
            <Skeleton className="mt-1 h-7 w-10" />
          ) : (
            <p
              className={cn('text-2xl font-semibold tabular-nums', tone === 'danger' && value > 0 && 'text-destructive')}
              data-testid={`count-${label.toLowerCase()}`}
            >
              {value}
            </p>
          )}
        </div>
        <span className="text-muted-foreground [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
      </CardContent>
    </Card>
  )
}

type RowProps = { task: Task; overdue: boolean; assignee: string | null; busy: boolean; onToggle: () => void; onEdit: () => void; onDelete: () => void }

function TaskRow({ task, overdue, assignee, busy, onToggle, onEdit, onDelete }: RowProps) {
  const checkboxId = `task-done-${task.id}`
  return (
    <li>
      <Card className={cn(task.completed && 'opacity-75')}>
        <CardContent className="flex items-start gap-3 p-4">
          <Checkbox
            id={checkboxId}
            checked={task.completed}
            disabled={busy}
            onCheckedChange={onToggle}
            className="mt-1"
            aria-label={`Completed: ${task.title}`}
          />
          <div className="min-w-0 flex-1">
            <label htmlFor={checkboxId} className={cn('block break-words font-medium', task.completed && 'text-muted-foreground line-through')}>
              {task.title}
            </label>
            {task.description ? <p className="mt-1 line-clamp-3 break-words text-sm text-muted-foreground">{task.description}</p> : null}
            <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
              <Badge className={cn('border-transparent capitalize', PRIORITY_CLASS[task.priority])}>{task.priority}</Badge>
              {task.dueDate ? (
                <span className={cn('inline-flex items-center gap-1', overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}>
                  <CalendarClock className="size-3.5" aria-hidden="true" />
                  {overdue ? 'Overdue · ' : 'Due '}
                  {formatDueDate(task.dueDate)}
                </span>
              ) : null}
              {assignee ? (
                <span className="inline-flex items-center gap-1 text-muted-foreground">
                  <UserRound className="size-3.5" aria-hidden="true" /> {assignee}
                </span>
              ) : null}
              {task.meetingId ? (
                <Link
                  to={`/notetaker?meeting=${encodeURIComponent(task.meetingId)}`}
                  className="inline-flex min-w-0 items-center gap-1 text-primary hover:underline"
                >
                  <Mic className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{task.meetingTitle ?? 'Meeting'}</span>
                </Link>
              ) : null}
              {task.estimateId ? (
                <Link to={`/estimates/${encodeURIComponent(task.estimateId)}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                  <FileText className="size-3.5" aria-hidden="true" /> Estimate
                </Link>
              ) : null}
            </div>
          </div>
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${task.title}`}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${task.title}`}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  )
}
