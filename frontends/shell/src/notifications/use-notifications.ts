import { localIsoDate, NOTIFICATION_POLL_MS, type NotificationList } from '@plumbline/contracts'
import { toast } from '@plumbline/ui'
import { parseApiError } from '@plumbline/web'
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { fetchNotificationPage, markAllNotificationsRead, markNotificationRead, notificationsKey, reportDueToday } from './notifications-api'

type Feed = InfiniteData<NotificationList, string | null>

/**
 * The bell's feed for the active organisation. Polled every 30 s while the tab is visible, and
 * asked again when the window regains focus or a page mounts the bell, once the last answer is
 * 30 s old: never more often than that on its own.
 */
export function useNotificationFeed(orgId: string | undefined) {
  const feed = useInfiniteQuery({
    queryKey: notificationsKey(orgId ?? ''),
    queryFn: ({ pageParam }) => fetchNotificationPage(orgId ?? '', pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled: !!orgId,
    staleTime: NOTIFICATION_POLL_MS,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  })
  useDueTodayReport(orgId, feed.dataUpdatedAt)
  const notifications = feed.data?.pages.flatMap((p) => p.notifications) ?? []
  return { feed, notifications, unreadCount: feed.data?.pages[0]?.unreadCount ?? 0 }
}

/** Days already reported in this page load, per organisation: once is enough (the server keeps them once anyway). */
const reportedDays = new Set<string>()

/**
 * "Due today" needs the user's own calendar day (services/admin remind-due-today.ts): tell the
 * server on the first load and, checked at every poll, when the local date has changed since.
 */
function useDueTodayReport(orgId: string | undefined, polledAt: number) {
  const queryClient = useQueryClient()
  React.useEffect(() => {
    if (!orgId || !polledAt) return
    const today = localIsoDate()
    const key = `${orgId}:${today}`
    if (reportedDays.has(key)) return
    reportedDays.add(key)
    reportDueToday(orgId, { today })
      .then(({ created }) => {
        if (created > 0) void queryClient.invalidateQueries({ queryKey: notificationsKey(orgId) })
      })
      // Not told: try again at the next poll. Reminders are a convenience, so no error is shown.
      .catch(() => reportedDays.delete(key))
  }, [orgId, polledAt, queryClient])
}

/** Applies a change to every loaded notification and the unread count, so the bell answers at once. */
function patchFeed(feed: Feed | undefined, read: (id: string, createdAt: string) => boolean, at: string): Feed | undefined {
  if (!feed) return feed
  let newlyRead = 0
  const pages = feed.pages.map((page) => ({
    ...page,
    notifications: page.notifications.map((n) => {
      if (n.readAt || !read(n.id, n.createdAt)) return n
      newlyRead++
      return { ...n, readAt: at }
    }),
  }))
  return { ...feed, pages: pages.map((p, i) => (i === 0 ? { ...p, unreadCount: Math.max(0, p.unreadCount - newlyRead) } : p)) }
}

/** Mark one read and mark all read: shown at once, then confirmed by the server's answer. */
export function useNotificationActions(orgId: string | undefined) {
  const queryClient = useQueryClient()
  const key = notificationsKey(orgId ?? '')
  const settle = () => queryClient.invalidateQueries({ queryKey: key })
  const failed = (title: string) => (err: unknown) => {
    toast({ variant: 'destructive', title, description: parseApiError(err).message || 'Please try again.' })
  }
  const markRead = useMutation({
    mutationFn: (id: string) => markNotificationRead(orgId ?? '', id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData<Feed>(key, (feed) => patchFeed(feed, (n) => n === id, new Date().toISOString()))
    },
    onError: failed('Could not mark the notification read'),
    onSettled: settle,
  })
  const markAllRead = useMutation({
    /** `upTo`: the newest notification the list showed; one that arrived since stays unread. */
    mutationFn: (upTo: string | undefined) => markAllNotificationsRead(orgId ?? '', upTo ? { upTo } : {}),
    onMutate: async (upTo) => {
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData<Feed>(key, (feed) => patchFeed(feed, (_, createdAt) => !upTo || createdAt <= upTo, new Date().toISOString()))
    },
    onError: failed('Could not mark the notifications read'),
    onSettled: settle,
  })
  return { markRead, markAllRead }
}
