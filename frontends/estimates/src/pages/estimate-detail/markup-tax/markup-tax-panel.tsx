import type { MarkupProfile, TaxProfile } from '@plumbline/contracts'
import { Badge, Button, Card, Checkbox, cn, Skeleton } from '@plumbline/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Calculator, Pencil, Percent, Plus, Receipt, Trash2 } from 'lucide-react'
import * as React from 'react'
import { useConfirm } from '../common/confirm-dialog'
import { reportMutationError } from '../data/errors'
import { estimatePath, orgPath, pricingKey } from '../data/keys'
import { type EstimatePricing, useInvalidateEstimate, useMarkupProfiles, usePricing, useTaxProfiles, useTotals } from '../data/queries'
import { send } from '../data/send'
import { useDetail } from '../detail-context'
import { formatNumber, toNumber } from '../lib/money'
import { MarkupProfileDialog } from './markup-profile-dialog'
import { TaxProfileDialog } from './tax-profile-dialog'
import { TotalsBreakdown } from './totals-breakdown'

const pct = (v: string) => `${formatNumber(v, 2)}%`

function markupSummary(p: MarkupProfile): string {
  const parts = [`Overhead ${pct(p.overheadPercentage)}`, `Profit ${pct(p.profitPercentage)}`, `Contingency ${pct(p.contingencyPercentage)}`]
  const typed = [
    ['Labor', p.laborMarkupPercentage],
    ['Material', p.materialMarkupPercentage],
    ['Equipment', p.equipmentMarkupPercentage],
    ['Sub', p.subcontractorMarkupPercentage],
  ].filter((entry): entry is [string, string] => (toNumber(entry[1]) ?? 0) > 0)
  if (typed.length) parts.push(typed.map(([k, v]) => `${k} +${pct(v)}`).join(', '))
  return parts.join(' · ')
}

function taxSummary(t: TaxProfile): string {
  const applies = [
    t.applyToLabor && 'labor',
    t.applyToMaterials && 'materials',
    t.applyToEquipment && 'equipment',
    t.applyToSubcontractors && 'subcontractors',
  ].filter(Boolean)
  return [`${formatNumber((toNumber(t.rate) ?? 0) * 100, 3)}%`, t.taxType, t.jurisdiction, applies.length ? `on ${applies.join(', ')}` : 'applies to nothing']
    .filter(Boolean)
    .join(' · ')
}

/** Markup and tax (contractor mode with enableMarkupProfiles): profiles, selection and totals. */
export function MarkupTaxPanel() {
  const { orgId, estimateId, locked } = useDetail()
  const qc = useQueryClient()
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const markups = useMarkupProfiles(orgId, estimateId)
  const taxes = useTaxProfiles(orgId, estimateId)
  const pricing = usePricing(orgId, estimateId)
  const totals = useTotals(orgId, estimateId)
  const { confirm, dialog: confirmDialog } = useConfirm()
  const [markupDialog, setMarkupDialog] = React.useState<{ profile: MarkupProfile | null } | null>(null)
  const [taxDialog, setTaxDialog] = React.useState<{ profile: TaxProfile | null } | null>(null)
  const ids = { organizationId: orgId, estimateId }
  const base = orgPath(orgId)
  const onLocked = () => void invalidate.estimate()

  const selection = { markupProfileId: pricing.data?.markupProfileId ?? null, taxProfileIds: pricing.data?.taxProfileIds ?? [] }

  const select = useMutation({
    mutationFn: (next: { markupProfileId: string | null; taxProfileIds: string[] }) =>
      send<EstimatePricing>('PUT', `${estimatePath(orgId, estimateId)}/pricing`, next),
    onMutate: (next) => {
      const previous = qc.getQueryData<EstimatePricing>(pricingKey(orgId, estimateId))
      if (previous) qc.setQueryData<EstimatePricing>(pricingKey(orgId, estimateId), { ...previous, ...next })
      return { previous }
    },
    onError: (e, _v, ctx) => {
      qc.setQueryData(pricingKey(orgId, estimateId), ctx?.previous)
      reportMutationError(e, 'Failed to update markup and tax selection', onLocked)
    },
    onSettled: () => invalidate.pricing(),
  })

  const after = () => Promise.all([invalidate.profiles(), invalidate.pricing()])
  const createMarkup = useMutation({
    mutationFn: (payload: Record<string, unknown>) => send<MarkupProfile>('POST', `${base}/markup-profiles`, payload),
    // A profile created here is meant for this estimate: apply it straight away.
    onSuccess: async (created) => {
      await after()
      if (created?.id && !locked) select.mutate({ ...selection, markupProfileId: created.id })
    },
    onError: (e) => reportMutationError(e, 'Failed to create markup profile', onLocked),
  })
  const updateMarkup = useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: Record<string, unknown> }) => send('PUT', `${base}/markup-profiles/${id}`, payload),
    onSuccess: after,
    onError: (e) => reportMutationError(e, 'Failed to update markup profile', onLocked),
  })
  const deleteMarkup = useMutation({
    mutationFn: (id: string) => send('DELETE', `${base}/markup-profiles/${id}`),
    onSuccess: after,
    onError: (e) => reportMutationError(e, 'Failed to delete markup profile', onLocked),
  })
  const createTax = useMutation({
    mutationFn: (payload: Record<string, unknown>) => send<TaxProfile>('POST', `${base}/taxes`, payload),
    onSuccess: async (created) => {
      await after()
      if (created?.id && !locked) select.mutate({ ...selection, taxProfileIds: [...selection.taxProfileIds, created.id] })
    },
    onError: (e) => reportMutationError(e, 'Failed to create tax profile', onLocked),
  })
  const updateTax = useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: Record<string, unknown> }) => send('PUT', `${base}/taxes/${id}`, payload),
    onSuccess: after,
    onError: (e) => reportMutationError(e, 'Failed to update tax profile', onLocked),
  })
  const deleteTax = useMutation({
    mutationFn: (id: string) => send('DELETE', `${base}/taxes/${id}`),
    onSuccess: after,
    onError: (e) => reportMutationError(e, 'Failed to delete tax profile', onLocked),
  })

  const toggleTax = (id: string, on: boolean) =>
    select.mutate({ ...selection, taxProfileIds: on ? [...selection.taxProfileIds, id] : selection.taxProfileIds.filter((t) => t !== id) })

  const loading = markups.isLoading || taxes.isLoading || pricing.isLoading
  const disabled = locked || select.isPending

  return (
    <section aria-labelledby="markup-tax-heading">
      <Card>
        <div className="border-b px-5 py-4">
          <h2 id="markup-tax-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <Calculator className="size-5 text-primary" aria-hidden="true" />
            Markup &amp; Tax
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">Markup applies to the base total; tax applies per selected profile on the marked-up total.</p>
        </div>
        <div className="@container">
          {/* minmax(0, …) columns and min-w-0: a long profile summary truncates instead of widening the page on a phone. */}
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 p-5 @3xl:grid-cols-[minmax(0,1fr)_minmax(280px,340px)]">
            <div className="min-w-0 space-y-6">
              {/* Markup profiles: one (or none) applies. */}
              <div>
                <div className="mb-2 flex items-center justify-between gap-2">
                  <h3 className="flex items-center gap-1.5 text-sm font-semibold">
                    <Percent className="size-4 text-muted-foreground" aria-hidden="true" />
                    Markup profile
                  </h3>
                  {locked ? null : (
                    <Button variant="ghost" size="sm" onClick={() => setMarkupDialog({ profile: null })}>
                      <Plus />
                      New Markup Profile
                    </Button>
                  )}
                </div>
                {loading ? (
                  <Skeleton className="h-24 w-full" />
                ) : (
                  <div role="radiogroup" aria-label="Markup profile" className="divide-y rounded-lg border">
                    {[null, ...(markups.data ?? [])].map((p) => {
                      const id = p?.id ?? null
                      const checked = selection.markupProfileId === id
                      return (
                        <div key={id ?? 'none'} className={cn('flex items-center gap-3 px-3 py-2.5', checked && 'bg-primary/5')}>
                          <button
                            type="button"
                            role="radio"
                            aria-checked={checked}
                            aria-label={p ? p.name : 'No markup'}
                            disabled={disabled}
                            onClick={() => !checked && select.mutate({ ...selection, markupProfileId: id })}
                            className="flex min-w-0 flex-1 items-center gap-3 text-left outline-none disabled:cursor-not-allowed"
                          >
                            <span
                              className={cn(
                                'flex size-4 shrink-0 items-center justify-center rounded-full border',
                                checked ? 'border-primary' : 'border-input',
                              )}
                            >
                              {checked ? <span className="size-2 rounded-full bg-primary" /> : null}
                            </span>
                            <span className="min-w-0">
                              <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
                                {p ? p.name : 'No markup'}
                                {p?.isDefault ? <Badge variant="info">Default</Badge> : null}
                                {p && !p.isTemplate ? <Badge variant="outline">This estimate</Badge> : null}
                              </span>
                              <span className="block truncate text-xs text-muted-foreground">{p ? markupSummary(p) : 'Price at cost'}</span>
                            </span>
                          </button>
                          {p && !locked ? (
                            <div className="flex shrink-0 gap-0.5">
                              <Button variant="ghost" size="icon-sm" aria-label={`Edit ${p.name}`} onClick={() => setMarkupDialog({ profile: p })}>
                                <Pencil />
                              </Button>
                              <Button
                                variant="ghost"
                                size="icon-sm"
                                aria-label={`Delete ${p.name}`}
                                className="text-muted-foreground hover:text-destructive"
                                onClick={() =>
                                  confirm({
                                    title: 'Delete markup profile?',
                                    description: `Delete the markup profile "${p.name}"? Estimates using it will no longer apply its markup.`,
                                    confirmLabel: 'Delete Profile',
                                    destructive: true,
                                    onConfirm: () => deleteMarkup.mutateAsync(p.id).catch(() => undefined),
                                  })
                                }
                              >
                                <Trash2 />
                              </Button>
                            </div>
                          ) : null}
                        </div>
                      )
                    })}
                  </div>
                )}
              </div>

              {/* Tax profiles: any number apply. */}
              <div>
                <div className="mb-2 flex items-center justify-between gap-2">
                  <h3 className="flex items-center gap-1.5 text-sm font-semibold">
                    <Receipt className="size-4 text-muted-foreground" aria-hidden="true" />
                    Tax profiles
                  </h3>
                  {locked ? null : (
                    <Button variant="ghost" size="sm" onClick={() => setTaxDialog({ profile: null })}>
                      <Plus />
                      New Tax Profile
                    </Button>
                  )}
                </div>
                {loading ? (
                  <Skeleton className="h-20 w-full" />
                ) : (taxes.data ?? []).length === 0 ? (
                  <p className="rounded-lg border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
                    No tax profiles yet. Add one from a state preset or your own rate.
                  </p>
                ) : (
                  <div className="divide-y rounded-lg border">
                    {(taxes.data ?? []).map((t) => {
                      const checked = selection.taxProfileIds.includes(t.id)
                      return (
                        <div key={t.id} className={cn('flex items-center gap-3 px-3 py-2.5', checked && 'bg-primary/5')}>
                          <Checkbox
                            id={`tax-select-${t.id}`}
                            checked={checked}
                            disabled={disabled}
                            onCheckedChange={(v) => toggleTax(t.id, v === true)}
                            aria-label={`Apply ${t.name}`}
                          />
                          <label htmlFor={`tax-select-${t.id}`} className="min-w-0 flex-1 cursor-pointer">
                            <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
                              {t.name}
                              {t.isActive ? null : <Badge variant="secondary">Inactive</Badge>}
                            </span>
                            <span className="block truncate text-xs text-muted-foreground">{taxSummary(t)}</span>
                          </label>
                          {locked ? null : (
                            <div className="flex shrink-0 gap-0.5">
                              <Button variant="ghost" size="icon-sm" aria-label={`Edit ${t.name}`} onClick={() => setTaxDialog({ profile: t })}>
                                <Pencil />
                              </Button>
                              <Button
                                variant="ghost"
                                size="icon-sm"
                                aria-label={`Delete ${t.name}`}
                                className="text-muted-foreground hover:text-destructive"
                                onClick={() =>
                                  confirm({
                                    title: 'Delete tax profile?',
                                    description: `Delete the tax profile "${t.name}"? Estimates using it will no longer include this tax.`,
                                    confirmLabel: 'Delete Profile',
                                    destructive: true,
                                    onConfirm: () => deleteTax.mutateAsync(t.id).catch(() => undefined),
                                  })
                                }
                              >
                                <Trash2 />
                              </Button>
                            </div>
                          )}
                        </div>
                      )
                    })}
                  </div>
                )}
              </div>
            </div>

            <div className="h-fit rounded-xl border bg-muted/30 p-4">
              <h3 className="mb-3 text-sm font-semibold">Totals</h3>
              <TotalsBreakdown totals={totals.data} isLoading={totals.isLoading} error={totals.error} onRetry={() => void totals.refetch()} />
            </div>
          </div>
        </div>
      </Card>

      <MarkupProfileDialog
        open={!!markupDialog}
        onOpenChange={(o) => !o && setMarkupDialog(null)}
        profile={markupDialog?.profile ?? null}
        ids={ids}
        saving={createMarkup.isPending || updateMarkup.isPending}
        onSubmit={(payload) => (markupDialog?.profile ? updateMarkup.mutateAsync({ id: markupDialog.profile.id, payload }) : createMarkup.mutateAsync(payload))}
      />
      <TaxProfileDialog
        open={!!taxDialog}
        onOpenChange={(o) => !o && setTaxDialog(null)}
        profile={taxDialog?.profile ?? null}
        ids={ids}
        saving={createTax.isPending || updateTax.isPending}
        onSubmit={(payload) => (taxDialog?.profile ? updateTax.mutateAsync({ id: taxDialog.profile.id, payload }) : createTax.mutateAsync(payload))}
      />
      {confirmDialog}
    </section>
  )
}
