import { type Activity, type ActivityType, relativeTime } from '@plumbline/contracts'
import { Button, Card, EmptyState, placeholderKeys, Skeleton } from '@plumbline/ui'
import { parseApiError } from '@plumbline/web'
import { useInfiniteQuery } from '@tanstack/react-query'
import { AlertCircle, CalendarCheck, CalendarPlus, CheckCircle2, FilePen, FilePlus2, History, type LucideIcon, RotateCw, Share2, UserPlus } from 'lucide-react'
import { activitiesKey, fetchActivityPage, nextActivityPage } from './activity-api'

const ICONS: Record<ActivityType, LucideIcon> = {
  estimate_created: FilePlus2,
  estimate_updated: FilePen,
  estimate_approved: CheckCircle2,
  estimate_shared: Share2,
  meeting_created: CalendarPlus,
  meeting_completed: CalendarCheck,
  team_member: UserPlus,
}

/** The actor as people know them: their name, else their address, else "Someone" (a client or the system). */
export function actorName(user: Activity['user']): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return name || user.email || 'Someone'
}

/** Spec 001 §2 Activity tab: the organisation's feed, newest first, a page at a time. */
export function ActivityTab({ orgId }: { orgId: string }) {
  const feed = useInfiniteQuery({
    queryKey: activitiesKey(orgId),
    queryFn: ({ pageParam }) => fetchActivityPage(orgId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextActivityPage,
  })

  if (feed.isPending) return <ActivitySkeleton />
  if (feed.isError) return <ActivityError error={feed.error} onRetry={() => void feed.refetch()} />
  const entries = feed.data.pages.flat()
  if (entries.length === 0) {
    return (
      <Card>
        <EmptyState icon={<History />} title="No activity yet" description="Estimates created, shared and approved by your team will show here." />
      </Card>
    )
  }
  return (
    <Card className="p-0">
      <ul aria-label="Recent activity" className="divide-y">
        {entries.map((a) => (
          <ActivityRow key={a.id} activity={a} />
        ))}
      </ul>
      {feed.hasNextPage && (
        <div className="flex justify-center border-t p-3">
          <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
      {feed.isFetchNextPageError && (
        <p role="alert" className="px-4 pb-3 text-center text-sm text-destructive">
          Failed to load activities
        </p>
      )}
    </Card>
  )
}

function ActivityRow({ activity }: { activity: Activity }) {
  const Icon = ICONS[activity.type]
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-type={activity.type}>
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm">
          <span className="font-medium">{actorName(activity.user)}</span> {activity.action} <span className="font-medium">{activity.target}</span>
        </p>
        <time dateTime={activity.createdAt} title={new Date(activity.createdAt).toLocaleString()} className="text-xs text-muted-foreground">
          {relativeTime(activity.createdAt)}
        </time>
      </div>
    </li>
  )
}

/** Spec 001 §8: five rows while the feed loads. */
function ActivitySkeleton() {
  return (
    <Card className="p-0" role="status" aria-busy="true" aria-label="Loading activity">
      {placeholderKeys(5).map((key) => (
        <div key={key} data-testid="activity-skeleton-row" className="flex items-center gap-3 border-b px-4 py-3 last:border-b-0">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </Card>
  )
}

function ActivityError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Card role="alert">
      <EmptyState
        icon={<AlertCircle className="text-destructive" />}
        title="Failed to load activities"
        description={parseApiError(error).message || 'Please try again.'}
        action={
          <Button variant="outline" onClick={onRetry}>
            <RotateCw /> Retry
          </Button>
        }
      />
    </Card>
  )
}
