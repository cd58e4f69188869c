import type { ZEstimateListItem } from '@plumbline/contracts'
import { formatDate } from '@plumbline/contracts/format'
import { parseRichText, plainText } from '@plumbline/contracts/rich-text'
import { Card, cn } from '@plumbline/ui'
import { CalendarDays, MapPin, Sparkles, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import type { z } from 'zod'
import { formatTotal, truncate } from '../../components/format/format'
import { StatusBadge } from '../../components/status/status-badge'

export type EstimateListItem = z.infer<typeof ZEstimateListItem>

/** One estimate in the list: opens /estimates/{id} (spec 000 §2). */
export function EstimateCard({ estimate }: { estimate: EstimateListItem }) {
  const total = formatTotal(estimate.totalCost)
  const isDraftTotal = total === 'Draft'
  // The teaser reads the summary's words, not its Markdown.
  const summary = truncate(plainText(parseRichText(estimate.aiSummary ?? '')), 150)
  return (
    <Card className="group relative flex h-full flex-col transition-all hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md focus-within:ring-[3px] focus-within:ring-ring/30">
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 text-base font-semibold leading-snug tracking-tight">
            {/* The whole card is the link's hit area; the title stays the accessible name. */}
            <Link
              to={`/estimates/${encodeURIComponent(estimate.id)}`}
              className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
            >
              <span className="line-clamp-2 break-words">{estimate.projectName || 'Untitled estimate'}</span>
            </Link>
          </h3>
          <StatusBadge status={estimate.status} className="shrink-0" />
        </div>
        <dl className="space-y-1.5 text-sm text-muted-foreground">
          <div className="flex items-center gap-2">
            <dt className="sr-only">Client</dt>
            <UserRound className="size-4 shrink-0" aria-hidden="true" />
            <dd className="truncate">{estimate.clientName || '—'}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="sr-only">Address</dt>
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <dd className="truncate">{estimate.propertyAddress || '—'}</dd>
          </div>
        </dl>
        {summary ? (
          <p className="flex gap-2 rounded-lg bg-muted/50 px-3 py-2 text-sm leading-relaxed text-foreground/80">
            <Sparkles className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
            <span data-testid="ai-summary">{summary}</span>
          </p>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-3 border-t px-5 py-3">
        <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          Updated {formatDate(estimate.updatedAt, 'short')}
        </span>
        <span className={cn('text-base font-semibold tabular-nums', isDraftTotal && 'text-sm font-medium text-muted-foreground')} data-testid="estimate-total">
          {total}
        </span>
      </div>
    </Card>
  )
}
