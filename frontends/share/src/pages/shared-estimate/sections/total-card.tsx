import { costPerSquareFoot, formatCurrency, formatPercent } from '@plumbline/contracts/format'
import { formatVarianceRange, varianceRange } from '@plumbline/contracts/money'
import type { PublicEstimate } from '../data'

/** Total estimated cost with the company's variance range. */
export function TotalCard({ estimate }: { estimate: PublicEstimate }) {
  const range = varianceRange(estimate.totalCost, estimate.varianceRangePercentage)
  const perSqFt = costPerSquareFoot(estimate.totalCost, estimate.squareFootage)
  return (
    <section
      aria-labelledby="total-heading"
      className="overflow-hidden rounded-xl border bg-gradient-to-br from-primary to-primary/80 text-primary-foreground shadow-sm dark:from-brand dark:to-brand/80 dark:text-brand-foreground"
    >
      <div className="grid gap-4 p-6 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end sm:p-7">
        <div>
          <h2 id="total-heading" className="text-xs font-medium uppercase tracking-wider opacity-80">
            Total Estimated Cost
          </h2>
          <p className="mt-1 text-4xl font-semibold tracking-tight tabular-nums sm:text-5xl" data-testid="public-total">
            {formatCurrency(estimate.totalCost, { whole: true })}
          </p>
          {range ? (
            <p className="mt-2 text-sm opacity-90" data-testid="public-range">
              Estimated range {formatVarianceRange(range)}
              <span className="opacity-75"> (±{formatPercent(range.percentage)})</span>
            </p>
          ) : null}
        </div>
        {perSqFt !== null ? (
          <div className="rounded-lg bg-white/10 px-4 py-3 text-sm ring-1 ring-white/20">
            <p className="opacity-80">Cost per sq ft</p>
            <p className="text-lg font-semibold tabular-nums">{formatCurrency(perSqFt)}</p>
          </div>
        ) : null}
      </div>
    </section>
  )
}
