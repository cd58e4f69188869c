import { Card, Progress } from '@plumbline/ui'
import { Layers } from 'lucide-react'
import type { PublicEstimate } from '../data'
import { formatCurrency, formatNumber, toNumber } from '../lib/format'

/** Project phases with their amounts (hidden phases never reach this page). */
export function Phases({ phases }: { phases: PublicEstimate['phases'] }) {
  if (phases.length === 0) return null
  return (
    <Card>
      <h2 className="flex items-center gap-2 border-b px-5 py-4 text-base font-semibold sm:px-6">
        <Layers className="size-[18px] text-primary" aria-hidden="true" />
        Project Phases
      </h2>
      <ol className="divide-y">
        {phases.map((p, i) => {
          const pct = toNumber(p.percentage) ?? 0
          return (
            <li key={p.id} className="px-5 py-4 sm:px-6" data-testid="public-phase">
              <div className="flex items-baseline justify-between gap-4">
                <div className="flex min-w-0 items-baseline gap-2.5">
                  <span className="text-xs font-semibold tabular-nums text-muted-foreground">{String(i + 1).padStart(2, '0')}</span>
                  <span className="font-medium">{p.name}</span>
                </div>
                <span className="shrink-0 font-semibold tabular-nums" data-testid="public-phase-amount">
                  {formatCurrency(p.amount)}
                </span>
              </div>
              {p.description ? <p className="ml-7 mt-0.5 text-sm text-muted-foreground">{p.description}</p> : null}
              <div className="ml-7 mt-2 flex items-center gap-3">
                <Progress value={pct} max={100} className="h-1.5" aria-label={`${p.name}: ${formatNumber(pct, 2)}% of the total`} />
                <span className="w-14 shrink-0 text-right text-xs tabular-nums text-muted-foreground">{formatNumber(pct, 1)}%</span>
              </div>
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
