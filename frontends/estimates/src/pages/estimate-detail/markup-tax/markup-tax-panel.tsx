import type { MarkupProfile, TaxProfile } from '@plumbline/contracts'
import { Card } from '@plumbline/ui'
import { Calculator } from 'lucide-react'
import * as React from 'react'
import { useMarkupProfiles, useTaxProfiles, useTotals } from '../../../data/queries'
import { useConfirm } from '../common/confirm-dialog'
import { useDetail } from '../detail-context'
import { MarkupProfileDialog } from './markup-profile-dialog'
import { MarkupProfileList } from './markup-profile-list'
import { TaxProfileDialog } from './tax-profile-dialog'
import { TaxProfileList } from './tax-profile-list'
import { TotalsBreakdown } from './totals-breakdown'
import { usePricingSelection } from './use-pricing-selection'
import { MARKUP_PROFILES, TAX_PROFILES, useProfileMutations } from './use-profile-mutations'

/** Markup and tax (contractor mode with enableMarkupProfiles): profiles, selection and totals. */
export function MarkupTaxPanel() {
  const { orgId, estimateId, locked } = useDetail()
  const markups = useMarkupProfiles(orgId, estimateId)
  const taxes = useTaxProfiles(orgId, estimateId)
  const totals = useTotals(orgId, estimateId)
  const { selection, select, isLoading: pricingLoading } = usePricingSelection(orgId, estimateId)
  const { confirm, dialog: confirmDialog } = useConfirm()
  const [markupDialog, setMarkupDialog] = React.useState<{ profile: MarkupProfile | null } | null>(null)
  const [taxDialog, setTaxDialog] = React.useState<{ profile: TaxProfile | null } | null>(null)
  const ids = { orgId, estimateId }

  // A profile created here is meant for this estimate: apply it straight away.
  const markup = useProfileMutations<MarkupProfile>(MARKUP_PROFILES, ids, (created) => {
    if (created?.id && !locked) select.mutate({ ...selection, markupProfileId: created.id })
  })
  const tax = useProfileMutations<TaxProfile>(TAX_PROFILES, ids, (created) => {
    if (created?.id && !locked) select.mutate({ ...selection, taxProfileIds: [...selection.taxProfileIds, created.id] })
  })

  const toggleTax = (id: string, on: boolean) =>
    select.mutate({ ...selection, taxProfileIds: on ? [...selection.taxProfileIds, id] : selection.taxProfileIds.filter((t) => t !== id) })

  const loading = markups.isLoading || taxes.isLoading || pricingLoading
  const disabled = locked || select.isPending
  const dialogIds = { organizationId: orgId, estimateId }

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
              <MarkupProfileList
                profiles={markups.data ?? []}
                loading={loading}
                selectedId={selection.markupProfileId}
                locked={locked}
                disabled={disabled}
                onSelect={(markupProfileId) => select.mutate({ ...selection, markupProfileId })}
                onAdd={() => setMarkupDialog({ profile: null })}
                onEdit={(profile) => setMarkupDialog({ profile })}
                confirm={confirm}
                remove={(id) => markup.remove.mutateAsync(id)}
              />
              <TaxProfileList
                profiles={taxes.data ?? []}
                loading={loading}
                selectedIds={selection.taxProfileIds}
                locked={locked}
                disabled={disabled}
                onToggle={toggleTax}
                onAdd={() => setTaxDialog({ profile: null })}
                onEdit={(profile) => setTaxDialog({ profile })}
                confirm={confirm}
                remove={(id) => tax.remove.mutateAsync(id)}
              />
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
        ids={dialogIds}
        saving={markup.create.isPending || markup.update.isPending}
        onSubmit={(payload) =>
          markupDialog?.profile ? markup.update.mutateAsync({ id: markupDialog.profile.id, payload }) : markup.create.mutateAsync(payload)
        }
      />
      <TaxProfileDialog
        open={!!taxDialog}
        onOpenChange={(o) => !o && setTaxDialog(null)}
        profile={taxDialog?.profile ?? null}
        ids={dialogIds}
        saving={tax.create.isPending || tax.update.isPending}
        onSubmit={(payload) => (taxDialog?.profile ? tax.update.mutateAsync({ id: taxDialog.profile.id, payload }) : tax.create.mutateAsync(payload))}
      />
      {confirmDialog}
    </section>
  )
}
