import type { Phase } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { formatCurrency, formatNumber, toNumber } from '@plumbline/contracts/format'
import { Badge, Button, Card, cn, EmptyState, Input, Progress, Skeleton, Spinner, Switch, toast } from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { AlertTriangle, CheckCircle2, Equal, Layers, SlidersHorizontal, Target } from 'lucide-react'
import * as React from 'react'
import { reportMutationError } from '../../../data/errors'
import { useInvalidateEstimate, usePhases } from '../../../data/queries'
import { useDetail } from '../detail-context'
import {
  BUDGET_AMOUNT_STEP,
  BUDGET_PERCENTAGE_STEP,
  type BudgetPhase,
  budgetStatus,
  distributeEvenly,
  fixTo100,
  setAmount,
  setEnabled,
  setPercentage,
  toBudgetPatch,
  toBudgetPhases,
} from './budget-math'

const STATUS_LABEL: Record<Phase['status'], string> = { pending: 'Pending', in_progress: 'In progress', completed: 'Completed', hidden: 'Hidden from client' }

/** Cost Breakdown by Phase, with the contractor's Adjust Budget mode (spec 001 §2, §4). */
export function PhaseBreakdownCard() {
  const { orgId, estimateId, estimate, clientView, locked } = useDetail()
  const phases = usePhases(orgId, estimateId)
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const total = toNumber(estimate.totalCost) ?? 0
  const [draft, setDraft] = React.useState<BudgetPhase[] | null>(null)
  const [dirty, setDirty] = React.useState(false)
  const adjusting = draft !== null && !clientView

  // Leaving contractor mode (or the estimate locking) closes the adjust mode and drops edits.
  React.useEffect(() => {
    if (clientView || locked) {
      setDraft(null)
      setDirty(false)
    }
  }, [clientView, locked])

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toBudgetPatch>) => callApi(api.patchEstimatesPhasesBudget, { params: { orgId, id: estimateId }, body }),
    onSuccess: async () => {
      await invalidate.phases()
      setDraft(null)
      setDirty(false)
      toast({ title: 'Budget saved', description: 'The phase budget was updated.' })
    },
    onError: (e) => reportMutationError(e, 'Failed to save budget changes.', () => void invalidate.estimate()),
  })

  const list = React.useMemo(() => [...(phases.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder), [phases.data])
  // Clients never see phases hidden from them.
  const shown = clientView ? list.filter((p) => p.status !== 'hidden' && p.isEnabled) : list

  const edit = (next: BudgetPhase[]) => {
    setDraft(next)
    setDirty(true) // Spec 001 §4: any edit marks it dirty.
  }
  const status = draft ? budgetStatus(draft) : null

  return (
    <section aria-labelledby="phases-heading">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4">
          <div>
            <h2 id="phases-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
              <Layers className="size-5 text-primary" aria-hidden="true" />
              Cost Breakdown by Phase
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">How the {formatCurrency(estimate.totalCost, { whole: true })} total is allocated</p>
          </div>
          {clientView || locked || list.length === 0 ? null : adjusting ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setDraft(null)
                  setDirty(false)
                }}
                disabled={save.isPending}
              >
                Cancel
              </Button>
              <Button size="sm" onClick={() => draft && save.mutate(toBudgetPatch(draft))} disabled={!dirty || save.isPending}>
                {save.isPending ? <Spinner className="size-4 text-current" label="Saving" /> : null}
                Save Changes
              </Button>
            </div>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setDraft(toBudgetPhases(list))
                setDirty(false)
              }}
            >
              <SlidersHorizontal />
              Adjust Budget
            </Button>
          )}
        </div>

        {phases.isLoading ? (
          <div className="space-y-4 p-5" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : phases.error ? (
          <div role="alert" className="flex items-center justify-between gap-3 p-5 text-sm text-destructive">
            Could not load the phases.
            <Button variant="outline" size="sm" onClick={() => void phases.refetch()}>
              Retry
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <EmptyState icon={<Layers />} title="No phases" description="This estimate has no phase breakdown yet." className="py-10" />
        ) : adjusting && draft && status ? (
          <div className="space-y-4 p-5">
            <div
              role="status"
              data-testid="budget-status"
              className={cn(
                'flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm',
                status.balanced ? 'border-success/30 bg-success/10' : status.over ? 'border-destructive/30 bg-destructive/10' : 'border-amber/40 bg-amber/15',
              )}
            >
              <span className="flex items-center gap-2 font-medium">
                {status.balanced ? (
                  <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
                ) : (
                  <AlertTriangle className={cn('size-4', status.over ? 'text-destructive' : 'text-amber-foreground dark:text-amber')} aria-hidden="true" />
                )}
                {status.balanced
                  ? `Balanced: ${formatNumber(status.allocated, 2)}% allocated`
                  : status.over
                    ? `Over-allocated by ${formatNumber(status.difference, 2)}% (${formatNumber(status.allocated, 2)}% allocated)`
                    : `${formatNumber(-status.difference, 2)}% unallocated (${formatNumber(status.allocated, 2)}% allocated)`}
              </span>
              <span className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => edit(fixTo100(draft, total))}>
                  <Target />
                  Fix to 100%
                </Button>
                <Button variant="outline" size="sm" onClick={() => edit(distributeEvenly(draft, total))}>
                  <Equal />
                  Distribute Evenly
                </Button>
              </span>
            </div>
            <div className="divide-y rounded-lg border">
              {draft.map((p) => (
                <div
                  key={p.id}
                  className={cn('grid gap-3 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center', !p.isEnabled && 'opacity-60')}
                  data-testid="budget-phase-row"
                >
                  <div className="flex items-center gap-3">
                    <Switch checked={p.isEnabled} onCheckedChange={(v) => edit(setEnabled(draft, p.id, v))} aria-label={`Include ${p.name}`} />
                    <span className="font-medium">{p.name}</span>
                  </div>
                  <label className="flex items-center gap-2 text-sm">
                    <span className="w-20 text-muted-foreground sm:hidden">Percent</span>
                    <Input
                      type="number"
                      inputMode="decimal"
                      step={BUDGET_PERCENTAGE_STEP}
                      min={0}
                      max={100}
                      value={String(p.percentage)}
                      onChange={(e) => edit(setPercentage(draft, p.id, toNumber(e.target.value) ?? 0, total))}
                      aria-label={`${p.name} percentage`}
                      className="h-9 w-24 text-right tabular-nums"
                      disabled={!p.isEnabled}
                    />
                    <span className="text-muted-foreground">%</span>
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <span className="w-20 text-muted-foreground sm:hidden">Amount</span>
                    <span className="text-muted-foreground">$</span>
                    <Input
                      type="number"
                      inputMode="decimal"
                      step={BUDGET_AMOUNT_STEP}
                      min={0}
                      value={String(p.amount)}
                      onChange={(e) => edit(setAmount(draft, p.id, toNumber(e.target.value) ?? 0, total))}
                      aria-label={`${p.name} amount`}
                      className="h-9 w-32 text-right tabular-nums"
                      disabled={!p.isEnabled}
                    />
                  </label>
                </div>
              ))}
            </div>
          </div>
        ) : (
          <ul className="divide-y">
            {shown.map((p) => {
              const percentage = toNumber(p.percentage) ?? 0
              return (
                <li key={p.id} className={cn('px-5 py-3.5', !p.isEnabled && 'opacity-60')} data-testid="phase-row">
                  <div className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4">
                    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-medium">{p.name}</span>
                      {clientView ? null : !p.isEnabled ? (
                        <Badge variant="secondary">Excluded</Badge>
                      ) : p.status !== 'pending' ? (
                        <Badge variant="outline">{STATUS_LABEL[p.status]}</Badge>
                      ) : null}
                    </div>
                    <div className="flex items-baseline gap-3 text-sm">
                      <span className="tabular-nums text-muted-foreground" data-testid="phase-percentage">
                        {formatNumber(percentage, 2)}%
                      </span>
                      <span className="font-semibold tabular-nums" data-testid="phase-amount">
                        {formatCurrency(p.amount)}
                      </span>
                    </div>
                  </div>
                  {p.description ? <p className="mt-0.5 text-xs text-muted-foreground">{p.description}</p> : null}
                  <Progress value={percentage} max={100} className="mt-2 h-1.5" aria-label={`${p.name}: ${formatNumber(percentage, 2)}%`} />
                </li>
              )
            })}
          </ul>
        )}
      </Card>
    </section>
  )
}
