import { isTaskOverdue, localIsoDate, type Task } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { Card, cn, Skeleton } from '@plumbline/ui'
import { apiKey, useCan } from '@plumbline/web'
import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, Circle, ListChecks, Mic } from 'lucide-react'
import { Link } from 'react-router'
import { useDetail } from '../detail-context'

const MAX_SHOWN = 6

/**
 * The estimate's follow-ups (a task linked to an estimate shows on both). Contractor
 * mode only, and only for roles that see tasks (ai_notetaker access); the list is the meetings
 * service's, filtered by this estimate.
 */
export function EstimateTasksCard() {
  const { orgId, estimateId, clientView } = useDetail()
  const canSeeTasks = useCan('ai_notetaker', 'access')
  const tasks = useQuery<Task[]>({
    queryKey: apiKey(api.getTasks, { orgId }, { estimateId }),
    enabled: !clientView && canSeeTasks,
  })
  if (clientView || !canSeeTasks) return null
  const today = localIsoDate()
  const list = tasks.data ?? []
  const open = list.filter((t) => !t.completed)
  return (
    <Card data-testid="estimate-tasks">
      <div className="flex items-center justify-between gap-2 border-b px-5 py-4">
        <h2 className="flex items-center gap-2 text-base font-semibold tracking-tight">
          <ListChecks className="size-[18px] text-primary" aria-hidden="true" />
          Tasks
        </h2>
        {list.length ? (
          <span className="text-xs text-muted-foreground">
            {open.length} open of {list.length}
          </span>
        ) : null}
      </div>
      <div className="px-5 py-4">
        {tasks.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : tasks.isError ? (
          <p className="text-sm text-muted-foreground">Tasks could not be loaded.</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No tasks for this estimate. Link one from{' '}
            <Link to="/tasks" className="text-primary hover:underline">
              Tasks
            </Link>
            .
          </p>
        ) : (
          <ul className="space-y-2 text-sm" aria-label="Tasks for this estimate">
            {list.slice(0, MAX_SHOWN).map((t) => (
              <li key={t.id} className="flex items-start gap-2">
                {t.completed ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label="Completed" />
                ) : (
                  <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label="Open" />
                )}
                <div className="min-w-0">
                  <p className={cn('break-words', t.completed && 'text-muted-foreground line-through')}>{t.title}</p>
                  <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                    {t.dueDate ? <span className={cn(isTaskOverdue(t, today) && 'font-medium text-destructive')}>Due {t.dueDate}</span> : null}
                    {t.meetingId ? (
                      <Link
                        to={`/notetaker?meeting=${encodeURIComponent(t.meetingId)}`}
                        className="inline-flex items-center gap-1 text-primary hover:underline"
                      >
                        <Mic className="size-3" aria-hidden="true" /> {t.meetingTitle ?? 'Meeting'}
                      </Link>
                    ) : null}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.length > MAX_SHOWN ? (
          <Link to="/tasks" className="mt-3 inline-block text-sm text-primary hover:underline">
            All {list.length} tasks
          </Link>
        ) : null}
      </div>
    </Card>
  )
}
