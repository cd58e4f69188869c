import type { ChangesSinceLastView } from '@plumbline/contracts'
import { REVISION_TEXT } from '@plumbline/contracts/estimate-revisions-text'
import { formatCurrency, formatDate } from '@plumbline/contracts/format'
import { BeforeAfter, Button, RevisionChanges } from '@plumbline/ui'
import { ChevronDown, ChevronUp, RefreshCw } from 'lucide-react'
import * as React from 'react'

/** The total the client is most likely to compare: the itemised one when it moved, else the estimated total. */
function headlineTotal(totals: ChangesSinceLastView['diff']['totals']) {
  if (totals.grandTotal.before !== totals.grandTotal.after) return { label: 'Itemized total', ...totals.grandTotal }
  if (totals.totalCost.before !== totals.totalCost.after) return { label: 'Total estimated cost', ...totals.totalCost }
  return null
}

const money = (v: string | null) => (v === null ? null : formatCurrency(v))

/**
 * "Updated since you last viewed": the contractor changed the estimate after the client's last
 * visit to this link. The headline total before → after at once, the full list on demand.
 */
export function UpdatedBanner({ changes, companyName }: { changes: ChangesSinceLastView; companyName: string | null }) {
  const [open, setOpen] = React.useState(false)
  const total = headlineTotal(changes.diff.totals)
  return (
    <section aria-labelledby="updated-heading" className="overflow-hidden rounded-xl border border-primary/30 bg-primary/5" data-testid="updated-banner">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <RefreshCw className="size-[18px]" aria-hidden="true" />
          </span>
          <div className="min-w-0 text-sm">
            <h2 id="updated-heading" className="text-base font-semibold">
              {REVISION_TEXT.updatedBanner}
            </h2>
            <p className="text-muted-foreground">
              {companyName ?? 'Your contractor'} changed this estimate after your visit on {formatDate(changes.since)}.
            </p>
            {/* The list opened repeats the totals. */}
            {total && !open ? (
              <p className="mt-1 flex flex-wrap items-baseline gap-x-2" data-testid="updated-total">
                <span className="text-muted-foreground">{total.label}</span>
                <BeforeAfter before={money(total.before)} after={money(total.after)} />
              </p>
            ) : null}
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start bg-card sm:self-center"
          aria-expanded={open}
          aria-controls="what-changed"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <ChevronUp /> : <ChevronDown />}
          {open ? 'Hide changes' : 'See what changed'}
        </Button>
      </div>
      {open ? (
        <div id="what-changed" className="border-t border-primary/20 bg-card px-4 py-4 sm:px-5">
          <RevisionChanges diff={changes.diff} />
        </div>
      ) : null}
    </section>
  )
}
