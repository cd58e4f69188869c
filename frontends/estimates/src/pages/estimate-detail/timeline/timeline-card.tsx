import type { TimelineEntry } from '@plumbline/contracts'
import { formatDateTime, relativeTime } from '@plumbline/contracts/format'
import { Card, Skeleton } from '@plumbline/ui'
import { useQuery } from '@tanstack/react-query'
import { BellRing, CheckCircle2, Eye, History, MessageSquareText, Send, XCircle } from 'lucide-react'
import { timelineKey } from '../../../data/keys'
import { useDetail } from '../detail-context'

const ICONS: Record<TimelineEntry['kind'], React.ReactNode> = {
  sent: <Send className="size-4 text-primary" aria-hidden="true" />,
  reminded: <BellRing className="size-4 text-primary" aria-hidden="true" />,
  viewed: <Eye className="size-4 text-muted-foreground" aria-hidden="true" />,
  change_requested: <MessageSquareText className="size-4 text-amber-600" aria-hidden="true" />,
  approved: <CheckCircle2 className="size-4 text-success" aria-hidden="true" />,
  declined: <XCircle className="size-4 text-destructive" aria-hidden="true" />,
}

/** What happened to the estimate with the client: who sent it to whom, when it was viewed and decided. */
export function TimelineCard() {
  const { orgId, estimateId } = useDetail()
  const timeline = useQuery<TimelineEntry[]>({ queryKey: timelineKey(orgId, estimateId) })
  const entries = timeline.data ?? []
  return (
    <Card data-testid="timeline-card">
      <div className="flex items-center gap-2 border-b px-5 py-4">
        <History className="size-5 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-base font-semibold tracking-tight">Timeline</h2>
      </div>
      {timeline.isLoading ? (
        <div className="space-y-2 px-5 py-4">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : entries.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted-foreground">Not sent yet. Send the estimate to your client to start its timeline.</p>
      ) : (
        <ol className="divide-y px-5 py-1">
          {entries.map((e) => (
            <li key={e.id} className="flex gap-3 py-3 text-sm" data-testid="timeline-entry" data-kind={e.kind}>
              <span className="mt-0.5 shrink-0">{ICONS[e.kind]}</span>
              <div className="min-w-0">
                <p className="break-words font-medium">{e.summary}</p>
                <p className="text-xs text-muted-foreground">
                  {e.actorEmail ? `${e.actorEmail} · ` : ''}
                  <time dateTime={e.createdAt} title={formatDateTime(e.createdAt)}>
                    {relativeTime(e.createdAt)}
                  </time>
                </p>
                {e.kind === 'sent' && typeof e.details.subject === 'string' ? (
                  <p className="truncate text-xs text-muted-foreground" title={e.details.subject}>
                    “{e.details.subject}”{e.details.attachPdf ? ' · PDF attached' : ''}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}
