import { type Notification, type NotificationKind, relativeTime } from '@plumbline/contracts'
import { Button, cn, Popover, PopoverContent, PopoverTrigger, placeholderKeys, Skeleton } from '@plumbline/ui'
import { parseApiError, useActiveOrganization } from '@plumbline/web'
import {
  AlertCircle,
  Bell,
  CalendarClock,
  CheckCheck,
  CheckCircle2,
  Eye,
  FileAudio,
  type LucideIcon,
  MessageSquareText,
  RotateCw,
  Share2,
  UserPlus,
  XCircle,
} from 'lucide-react'
import * as React from 'react'
import { useNavigate } from 'react-router'
import { useNotificationActions, useNotificationFeed } from './use-notifications'

const ICONS: Record<NotificationKind, { icon: LucideIcon; tint: string }> = {
  estimate_viewed: { icon: Eye, tint: 'bg-sky-500/10 text-sky-600 dark:text-sky-400' },
  estimate_approved: { icon: CheckCircle2, tint: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400' },
  estimate_declined: { icon: XCircle, tint: 'bg-destructive/10 text-destructive' },
  estimate_change_requested: { icon: MessageSquareText, tint: 'bg-amber-500/10 text-amber-600 dark:text-amber-400' },
  estimate_shared: { icon: Share2, tint: 'bg-primary/10 text-primary' },
  meeting_transcribed: { icon: FileAudio, tint: 'bg-violet-500/10 text-violet-600 dark:text-violet-400' },
  task_assigned: { icon: UserPlus, tint: 'bg-amber-500/10 text-amber-600 dark:text-amber-400' },
  task_due: { icon: CalendarClock, tint: 'bg-amber-500/10 text-amber-600 dark:text-amber-400' },
}

/**
 * The header's notification bell (libs/ui PageHeader shows it wherever a page has a header). The
 * red dot shows only while something is unread; the popover lists the newest first (unread ones
 * marked), opens a notification's screen on click (marking it read), marks all read, and pages
 * back through older ones. Loading, empty and failed states as the activity feed has them.
 */
export function NotificationBell() {
  const org = useActiveOrganization()
  const orgId = org?.id
  const [open, setOpen] = React.useState(false)
  const { feed, notifications, unreadCount } = useNotificationFeed(orgId)
  const { markRead, markAllRead } = useNotificationActions(orgId)
  const navigate = useNavigate()

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    // Opening shows what is new: ask again unless the last answer is fresh.
    if (next && feed.isStale) void feed.refetch()
  }
  const openNotification = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id)
    setOpen(false)
    navigate(n.link)
  }
  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative text-muted-foreground" data-testid="notifications-bell">
          <Bell className="size-5" />
          {unreadCount > 0 ? (
            <span aria-hidden="true" data-testid="notifications-dot" className="absolute right-2 top-2 size-2 rounded-full bg-red-500 ring-2 ring-card" />
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        collisionPadding={8}
        className="flex w-[min(24rem,calc(100vw-1rem))] flex-col p-0"
        aria-label="Notifications"
        data-testid="notifications-panel"
        tabIndex={-1}
        // Focus the panel itself, not its first button: Tab reaches Mark all read and the list.
        onOpenAutoFocus={(e) => {
          e.preventDefault()
          const panel = e.currentTarget as HTMLElement | null
          panel?.focus()
        }}
      >
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <div className="min-w-0">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {feed.isSuccess ? (unreadCount > 0 ? `${unreadCount} unread` : 'No unread notifications') : '\u00a0'}
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            disabled={unreadCount === 0 || markAllRead.isPending}
            onClick={() => markAllRead.mutate(notifications[0]?.createdAt)}
          >
            <CheckCheck /> Mark all read
          </Button>
        </div>
        <div className="max-h-[min(28rem,65vh)] overflow-y-auto overscroll-contain">
          {feed.isPending ? (
            <NotificationsSkeleton />
          ) : feed.isError && notifications.length === 0 ? (
            <NotificationsError error={feed.error} onRetry={() => void feed.refetch()} />
          ) : notifications.length === 0 ? (
            <div className="flex flex-col items-center px-6 py-10 text-center">
              <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <CheckCheck className="size-5" />
              </span>
              <p className="text-sm font-medium">You’re all caught up</p>
              <p className="mt-1 text-xs text-muted-foreground">Client views and decisions, shares, transcripts and tasks for you will show here.</p>
            </div>
          ) : (
            <>
              <ul aria-label="Notifications" className="divide-y">
                {notifications.map((n) => (
                  <NotificationRow key={n.id} notification={n} onOpen={() => openNotification(n)} />
                ))}
              </ul>
              {feed.hasNextPage ? (
                <div className="flex justify-center border-t p-2">
                  <Button variant="ghost" size="sm" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
                    {feed.isFetchingNextPage ? 'Loading…' : 'Show older'}
                  </Button>
                </div>
              ) : null}
              {feed.isFetchNextPageError ? (
                <p role="alert" className="px-4 pb-3 text-center text-xs text-destructive">
                  Failed to load older notifications
                </p>
              ) : null}
            </>
          )}
        </div>
      </PopoverContent>
    </Popover>
  )
}

function NotificationRow({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { icon: Icon, tint } = ICONS[n.kind]
  const unread = !n.readAt
  return (
    <li data-kind={n.kind} data-unread={unread}>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left outline-none transition-colors hover:bg-accent focus-visible:bg-accent',
          unread && 'bg-primary/[0.04] dark:bg-primary/[0.08]',
        )}
      >
        <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', tint)}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm', unread ? 'font-semibold' : 'font-medium text-foreground/80')}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {n.title}
          </span>
          <span className="mt-0.5 block break-words text-sm text-muted-foreground line-clamp-2">{n.body}</span>
          <time dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString()} className="mt-1 block text-xs text-muted-foreground">
            {relativeTime(n.createdAt)}
          </time>
        </span>
        {unread ? <span aria-hidden="true" data-testid="unread-marker" className="mt-2 size-2 shrink-0 rounded-full bg-primary" /> : null}
      </button>
    </li>
  )
}

function NotificationsSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading notifications">
      {placeholderKeys(3).map((key) => (
        <div key={key} data-testid="notification-skeleton-row" className="flex items-start gap-3 border-b px-4 py-3 last:border-b-0">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-5/6" />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ))}
    </div>
  )
}

function NotificationsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-8 text-center">
      <AlertCircle className="mb-2 size-6 text-destructive" aria-hidden="true" />
      <p className="text-sm font-medium">Failed to load notifications</p>
      <p className="mt-1 text-xs text-muted-foreground">{parseApiError(error).message || 'Please try again.'}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw /> Retry
      </Button>
    </div>
  )
}
