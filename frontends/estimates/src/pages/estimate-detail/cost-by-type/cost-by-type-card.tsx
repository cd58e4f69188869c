import { type CostByTypeRow, type CostTypeLabel, costByType, type MarkupProfile } from '@plumbline/contracts'
import { formatCurrency } from '@plumbline/contracts/format'
import { Button, Card, cn, EmptyState, Skeleton } from '@plumbline/ui'
import { PieChart, RotateCw } from 'lucide-react'
import * as React from 'react'
import { BELOW_MD, useMediaQuery } from '../../../components/use-media-query'
import { useMarkupProfiles, usePricing, useSections } from '../../../data/queries'
import { useDetail } from '../detail-context'

/** One colour per type, the hues of the line items' type pills. */
const BAR: Record<CostTypeLabel, string> = {
  Labor: 'bg-sky-500',
  Material: 'bg-emerald-500',
  Equipment: 'bg-amber',
  Subcontractor: 'bg-violet-500',
  Other: 'bg-muted-foreground/50',
}

const HEADERS = ['Type', 'Subtotal', 'Markup', 'Total with markup', 'Share'] as const

/**
 * Cost by Type (company flag enableCostByType; contractor view only, markup is internal): the line
 * items' cost per type (Labor, Material, Equipment, Subcontractor, Other), the markup each carries
 * and the total with markup, with its share of the whole.
 *
 * The figures come from costByType in @plumbline/contracts' money module, the rule the server's
 * totals come from too (estimateTotals, in the same file), on the same items and the same
 * selected markup profile, so the footer equals the Line Items grand total and the Markup & Tax
 * panel's total markup and subtotal with markup to the cent.
 *
 * Types without cost stay in the table as zeros (muted) rather than disappearing: an estimate
 * with no labor priced is worth noticing, and the rows keep their places as items come and go.
 */
export function CostByTypeCard() {
  const { orgId, estimateId, settings } = useDetail()
  const sections = useSections(orgId, estimateId)
  const pricing = usePricing(orgId, estimateId)
  const markups = useMarkupProfiles(orgId, estimateId)
  const phone = useMediaQuery(BELOW_MD)

  const profileId = pricing.data?.markupProfileId ?? null
  const profile: MarkupProfile | null | undefined = profileId === null ? null : markups.data?.find((p) => p.id === profileId)
  const items = React.useMemo(() => (sections.data ?? []).flatMap((s) => s.lineItems), [sections.data])
  const loading = sections.isLoading || pricing.isLoading || (profileId !== null && markups.isLoading)
  // A selected profile missing from the list would price at the wrong rates: an error, not a guess.
  const failed = sections.error || pricing.error || markups.error || (!loading && profile === undefined)
  const split = React.useMemo(() => (loading || failed || profile === undefined ? null : costByType(items, profile)), [items, profile, loading, failed])

  return (
    <section aria-labelledby="cost-by-type-heading">
      <Card>
        <div className="border-b px-5 py-4">
          <h2 id="cost-by-type-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <PieChart className="size-5 text-primary" aria-hidden="true" />
            Cost by Type
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            Labor, material, equipment, subcontractor and other costs, with markup
            {profile ? (
              <>
                {' '}
                from <span className="font-medium text-foreground">{profile.name}</span>
              </>
            ) : profile === null && !loading ? (
              ' (no markup profile: priced at cost)'
            ) : null}
          </p>
        </div>

        {loading ? (
          <div className="space-y-3 p-5" aria-busy="true">
            <Skeleton className="h-3 w-full" />
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : failed || !split ? (
          <div role="alert" className="flex items-center justify-between gap-3 p-5 text-sm text-destructive">
            Could not load the cost by type.
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                void sections.refetch()
                void pricing.refetch()
                void markups.refetch()
              }}
            >
              <RotateCw />
              Retry
            </Button>
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            className="py-10"
            icon={<PieChart />}
            title="No line items yet"
            description={
              settings?.enableLineItems
                ? 'Add line items to see the cost split by labor, material, equipment and subcontractor.'
                : 'Cost by type splits line items. Turn on Line items in the company settings to add them.'
            }
          />
        ) : (
          <div className="space-y-4 p-5">
            <ShareBar rows={split.rows} />
            {phone ? <TypeList rows={split.rows} /> : <TypeTable rows={split.rows} />}
            <dl className="grid gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm sm:grid-cols-3" aria-label="Cost by type totals">
              <Total label="Subtotal" value={split.totals.baseTotal} testId="cost-by-type-subtotal" />
              <Total label="Markup" value={split.totals.markupTotal} testId="cost-by-type-markup" />
              <Total label="Total with markup" value={split.totals.subtotalWithMarkup} testId="cost-by-type-total" strong />
            </dl>
            <p className="text-xs text-muted-foreground">
              A type&apos;s markup is its own markup percentage on items set to apply markup, plus its share of overhead, profit and contingency in proportion
              to its cost. Before tax.
            </p>
          </div>
        )}
      </Card>
    </section>
  )
}

/** The whole at a glance: one segment per type with cost, as wide as its share. */
function ShareBar({ rows }: { rows: CostByTypeRow[] }) {
  return (
    <div className="flex h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
      {rows
        .filter((r) => Number(r.share) > 0)
        .map((r) => (
          <div key={r.type} className={cn('h-full', BAR[r.type])} style={{ width: `${r.share}%` }} />
        ))}
    </div>
  )
}

function ShareCell({ row }: { row: CostByTypeRow }) {
  return (
    <div className="flex items-center justify-end gap-2">
      <div className="hidden h-1.5 w-20 overflow-hidden rounded-full bg-muted sm:block" aria-hidden="true">
        <div className={cn('h-full rounded-full', BAR[row.type])} style={{ width: `${row.share}%` }} />
      </div>
      <span className="w-12 text-right tabular-nums" data-testid="cost-type-share">
        {row.share}%
      </span>
    </div>
  )
}

function TypeName({ row }: { row: CostByTypeRow }) {
  return (
    <span className="flex items-center gap-2">
      <span className={cn('size-2.5 shrink-0 rounded-full', BAR[row.type])} aria-hidden="true" />
      <span className="font-medium text-foreground">{row.type}</span>
      <span className="text-xs text-muted-foreground">
        {row.itemCount} {row.itemCount === 1 ? 'item' : 'items'}
      </span>
    </span>
  )
}

const isEmpty = (row: CostByTypeRow) => row.itemCount === 0

function TypeTable({ rows }: { rows: CostByTypeRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-xs uppercase tracking-wider text-muted-foreground">
            {HEADERS.map((h, i) => (
              <th key={h} scope="col" className={cn('pb-2 font-medium', i === 0 ? 'text-left' : 'pl-4 text-right')}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.type} className={cn('border-t', isEmpty(row) && 'text-muted-foreground')} data-testid="cost-type-row" data-type={row.type}>
              <th scope="row" className="py-2.5 text-left font-normal">
                <TypeName row={row} />
              </th>
              <td className="py-2.5 pl-4 text-right tabular-nums" data-testid="cost-type-subtotal">
                {formatCurrency(row.subtotal)}
              </td>
              <td className="py-2.5 pl-4 text-right tabular-nums" data-testid="cost-type-markup">
                {formatCurrency(row.markup)}
              </td>
              <td className="py-2.5 pl-4 text-right font-semibold tabular-nums" data-testid="cost-type-total">
                {formatCurrency(row.total)}
              </td>
              <td className="py-2.5 pl-4">
                <ShareCell row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Below `md` the five columns do not fit: one stacked entry per type. */
function TypeList({ rows }: { rows: CostByTypeRow[] }) {
  return (
    <ul className="divide-y text-sm" aria-label="Cost by type">
      {rows.map((row) => (
        <li key={row.type} className={cn('py-2.5', isEmpty(row) && 'text-muted-foreground')} data-testid="cost-type-row" data-type={row.type}>
          <div className="flex items-center justify-between gap-3">
            <TypeName row={row} />
            <span className="font-semibold tabular-nums" data-testid="cost-type-total">
              {formatCurrency(row.total)}
            </span>
          </div>
          <div className="mt-1 flex items-center justify-between gap-3 text-xs text-muted-foreground">
            <span className="tabular-nums">
              <span data-testid="cost-type-subtotal">{formatCurrency(row.subtotal)}</span> +{' '}
              <span data-testid="cost-type-markup">{formatCurrency(row.markup)}</span> markup
            </span>
            <span className="tabular-nums" data-testid="cost-type-share">
              {row.share}%
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}

function Total({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 sm:flex-col sm:items-start sm:gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('tabular-nums', strong ? 'text-lg font-semibold text-primary' : 'font-medium')} data-testid={testId}>
        {formatCurrency(value)}
      </dd>
    </div>
  )
}
