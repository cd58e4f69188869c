import { Button, cn, Separator, Skeleton } from '@plumbline/ui'
import { RotateCw } from 'lucide-react'
import type { EstimateTotals } from '../data/queries'
import { formatCurrency, toNumber } from '../lib/money'

function Line({ label, value, strong, muted, testId }: { label: string; value: string; strong?: boolean; muted?: boolean; testId?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 text-sm', muted && 'text-muted-foreground', strong && 'font-semibold text-foreground')}>
      <dt className="min-w-0 truncate">{label}</dt>
      <dd className="shrink-0 tabular-nums" data-testid={testId}>
        {formatCurrency(value)}
      </dd>
    </div>
  )
}

/** The server's totals (GET …/totals): base, markup parts, taxes and the grand total. */
export function TotalsBreakdown({
  totals,
  isLoading,
  error,
  onRetry,
}: {
  totals: EstimateTotals | undefined
  isLoading: boolean
  error: unknown
  onRetry: () => void
}) {
  if (isLoading) {
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    )
  }
  if (error || !totals) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-destructive">
        Could not load the totals.
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw />
          Retry
        </Button>
      </div>
    )
  }
  const nonZero = (v: string) => (toNumber(v) ?? 0) !== 0
  return (
    <dl className="space-y-2.5" aria-label="Totals breakdown">
      <Line label="Subtotal" value={totals.baseTotal} testId="totals-subtotal" />
      <Line label="Overhead" value={totals.overhead} muted testId="totals-overhead" />
      <Line label="Profit" value={totals.profit} muted testId="totals-profit" />
      <Line label="Contingency" value={totals.contingency} muted testId="totals-contingency" />
      {nonZero(totals.costTypeMarkup) ? <Line label="Cost type markup" value={totals.costTypeMarkup} muted testId="totals-cost-type-markup" /> : null}
      <Line label="Total markup" value={totals.markupTotal} testId="totals-markup" />
      <Separator />
      <Line label="Subtotal with markup" value={totals.subtotalWithMarkup} testId="totals-subtotal-with-markup" />
      {totals.taxes.map((t) => (
        <Line key={t.taxProfileId} label={t.name} value={t.amount} muted testId={`totals-tax-${t.taxProfileId}`} />
      ))}
      <Line label="Total tax" value={totals.taxTotal} testId="totals-tax" />
      <Separator />
      <div className="flex items-baseline justify-between gap-4 pt-1">
        <dt className="text-sm font-semibold">Grand Total</dt>
        <dd className="text-2xl font-semibold tabular-nums tracking-tight text-primary" data-testid="totals-grand-total">
          {formatCurrency(totals.grandTotal)}
        </dd>
      </div>
    </dl>
  )
}
