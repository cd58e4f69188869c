import { costPerSquareFoot, formatCurrency, formatNumber, formatPercent } from '@plumbline/contracts/format'
import { formatVarianceRange, varianceRange } from '@plumbline/contracts/money'
import { Card } from '@plumbline/ui'
import { DollarSign, Ruler, TrendingUp } from 'lucide-react'
import { useDetail } from '../detail-context'

function Stat({ icon, label, value, hint, testId }: { icon: React.ReactNode; label: string; value: React.ReactNode; hint?: React.ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 items-start gap-3 p-5">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5">{icon}</div>
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">{label}</p>
        <p className="mt-1 break-words text-lg font-semibold tracking-tight sm:text-xl" data-testid={testId}>
          {value}
        </p>
        {hint ? <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p> : null}
      </div>
    </div>
  )
}

/** Estimated range (total ± the company's variance), square footage and cost per square foot. */
export function CostRangeCard() {
  const { estimate, settings } = useDetail()
  const range = varianceRange(estimate.totalCost, settings?.varianceRangePercentage)
  const perSqFt = costPerSquareFoot(estimate.totalCost, estimate.squareFootage)
  return (
    <Card className="grid divide-y sm:grid-cols-3 sm:divide-x sm:divide-y-0">
      <Stat
        icon={<TrendingUp />}
        label="Estimated Range"
        testId="estimated-range"
        value={range ? formatVarianceRange(range) : 'Not set'}
        hint={range ? `${formatCurrency(estimate.totalCost, { whole: true })} ± ${formatPercent(range.percentage)} variance` : undefined}
      />
      <Stat
        icon={<Ruler />}
        label="Square Footage"
        testId="square-footage"
        value={estimate.squareFootage ? `${formatNumber(estimate.squareFootage)} sq ft` : 'Not provided'}
      />
      <Stat
        icon={<DollarSign />}
        label="Cost per Sq Ft"
        testId="cost-per-sqft"
        value={perSqFt === null ? '—' : formatCurrency(perSqFt)}
        hint={perSqFt === null ? 'Add the square footage to see this' : 'Total cost ÷ square footage'}
      />
    </Card>
  )
}
