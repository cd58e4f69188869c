import { localIsoDate, type Member, TASK_DUE_DATE_PAST, TASK_PRIORITIES, TASK_TITLE_REQUIRED, type Task, type TaskPriority } from '@plumbline/contracts'
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
} from '@plumbline/ui'
import { useQuery } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import * as React from 'react'
import { estimateChoicesKey, listEstimateChoices } from '../shared/estimate-choices'
import { memberName, membersKey } from '../shared/members'

export type TaskFormValues = {
  title: string
  description: string
  priority: TaskPriority
  dueDate: string
  estimateId: string | null
  assigneeUserId: string | null
}
type Errors = Partial<Record<'title' | 'dueDate', string>>

const EMPTY: TaskFormValues = { title: '', description: '', priority: 'medium', dueDate: '', estimateId: null, assigneeUserId: null }
const NO_ESTIMATE = 'none'
const NOBODY = 'nobody'
const PRIORITY_LABEL: Record<TaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' }

export const valuesOf = (task: Task | null): TaskFormValues =>
  task
    ? {
        title: task.title,
        description: task.description ?? '',
        priority: task.priority,
        dueDate: task.dueDate ?? '',
        estimateId: task.estimateId,
        assigneeUserId: task.assigneeUserId,
      }
    : EMPTY

/** Spec 001 §5; an edited task may keep the past due date it already has. */
export function validateTask(values: TaskFormValues, today: string, keptDueDate: string | null = null): Errors {
  const errors: Errors = {}
  if (!values.title.trim()) errors.title = TASK_TITLE_REQUIRED
  if (values.dueDate && values.dueDate < today && values.dueDate !== keptDueDate) errors.dueDate = TASK_DUE_DATE_PAST
  return errors
}

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The task being edited, or null for New Task. */
  task: Task | null
  saving: boolean
  /** Field messages the server answered (a 400), shown beside the fields. */
  serverErrors?: Errors
  onSave: (values: TaskFormValues) => void
  orgId: string
}

export function TaskFormDialog({ open, onOpenChange, task, saving, serverErrors, onSave, orgId }: Props) {
  const estimates = useQuery({ queryKey: estimateChoicesKey(orgId, ''), queryFn: () => listEstimateChoices(orgId, ''), enabled: open })
  const choices = estimates.data ?? []
  const members = useQuery<Member[]>({ queryKey: membersKey(orgId), enabled: open })
  const [values, setValues] = React.useState<TaskFormValues>(() => valuesOf(task))
  const [errors, setErrors] = React.useState<Errors>({})
  const today = localIsoDate()
  React.useEffect(() => {
    if (open) {
      setValues(valuesOf(task))
      setErrors({})
    }
  }, [open, task])
  const shown = { ...serverErrors, ...errors }
  /** Editing a field clears its message; the next submit checks again. */
  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const found = validateTask(values, today, task?.dueDate ?? null)
    setErrors(found)
    if (Object.keys(found).length === 0) onSave(values)
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{task ? 'Edit Task' : 'New Task'}</DialogTitle>
          <DialogDescription>{task ? 'Change the task and save.' : 'Add a follow-up or action item.'}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField id="task-title" label="Title" error={shown.title}>
            <Input
              id="task-title"
              value={values.title}
              onChange={(e) => set('title', e.target.value)}
              placeholder="e.g. Send the revised estimate"
              maxLength={200}
              aria-invalid={shown.title ? true : undefined}
              autoFocus
            />
          </FormField>
          <FormField id="task-description" label="Description">
            <Textarea id="task-description" value={values.description} onChange={(e) => set('description', e.target.value)} rows={3} maxLength={5000} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="task-priority" label="Priority">
              <Select value={values.priority} onValueChange={(v) => set('priority', v as TaskPriority)}>
                <SelectTrigger id="task-priority" aria-label="Priority">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TASK_PRIORITIES.map((p) => (
                    <SelectItem key={p} value={p}>
                      {PRIORITY_LABEL[p]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField id="task-due" label="Due date" error={shown.dueDate}>
              <Input
                id="task-due"
                type="date"
                value={values.dueDate}
                min={today}
                onChange={(e) => set('dueDate', e.target.value)}
                aria-invalid={shown.dueDate ? true : undefined}
              />
            </FormField>
          </div>
          <FormField id="task-assignee" label="Assignee (optional)">
            <Select value={values.assigneeUserId ?? NOBODY} onValueChange={(v) => set('assigneeUserId', v === NOBODY ? null : v)}>
              <SelectTrigger id="task-assignee" aria-label="Assignee">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NOBODY}>Nobody</SelectItem>
                {(members.data ?? []).map((m) => (
                  <SelectItem key={m.userId} value={m.userId}>
                    {memberName(m)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField id="task-estimate" label="Estimate (optional)">
            <Select value={values.estimateId ?? NO_ESTIMATE} onValueChange={(v) => set('estimateId', v === NO_ESTIMATE ? null : v)}>
              <SelectTrigger id="task-estimate" aria-label="Estimate">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_ESTIMATE}>No estimate</SelectItem>
                {values.estimateId && !choices.some((c) => c.id === values.estimateId) ? (
                  <SelectItem value={values.estimateId}>The linked estimate</SelectItem>
                ) : null}
                {choices.map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {c.projectName} · {c.clientName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {task ? 'Save Task' : 'Create Task'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
