import { formatCurrency, formatNumber } from '@plumbline/contracts/format'
import { Card } from '@plumbline/ui'
import { Rows3 } from 'lucide-react'
import type { PublicEstimate } from '../data'

/** Itemised costs by section, when the contractor itemises estimates. */
export function LineItems({ sections, grandTotal }: { sections: NonNullable<PublicEstimate['sections']>; grandTotal: string | null | undefined }) {
  const withItems = sections.filter((s) => s.lineItems.length > 0)
  if (withItems.length === 0) return null
  return (
    <Card>
      <h2 className="flex items-center gap-2 border-b px-5 py-4 text-base font-semibold sm:px-6">
        <Rows3 className="size-[18px] text-primary" aria-hidden="true" />
        Itemized Costs
      </h2>
      <div className="divide-y">
        {withItems.map((s) => (
          <div key={s.id} className="px-5 py-4 sm:px-6" data-testid="public-section">
            <div className="mb-2 flex items-baseline justify-between gap-4">
              <h3 className="font-semibold">{s.name}</h3>
              <span className="font-semibold tabular-nums">{formatCurrency(s.total)}</span>
            </div>
            <ul className="space-y-1.5">
              {s.lineItems.map((i) => (
                <li key={i.id} className="flex items-baseline justify-between gap-4 text-sm" data-testid="public-line-item">
                  <span className="min-w-0">
                    <span className="break-words text-foreground/90">{i.name}</span>
                    <span className="ml-2 whitespace-nowrap text-xs tabular-nums text-muted-foreground">
                      {formatNumber(i.quantity, 3)} {i.unit} × {formatCurrency(i.unitCost)}
                    </span>
                    {i.description ? <span className="block whitespace-pre-line break-words text-xs text-muted-foreground">{i.description}</span> : null}
                  </span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">{formatCurrency(i.totalCost)}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {grandTotal ? (
        <div className="flex items-baseline justify-between gap-4 rounded-b-xl border-t bg-muted/40 px-5 py-4 sm:px-6">
          <span className="text-sm font-medium text-muted-foreground">Itemized total (including markup and tax)</span>
          <span className="text-lg font-semibold tabular-nums" data-testid="public-grand-total">
            {formatCurrency(grandTotal)}
          </span>
        </div>
      ) : null}
    </Card>
  )
}
