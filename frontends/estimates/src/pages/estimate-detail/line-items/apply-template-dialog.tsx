import * as api from '@plumbline/contracts/api-paths'
import { Badge, Button, cn, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Skeleton, Spinner } from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { CheckCircle2, LayoutTemplate } from 'lucide-react'
import * as React from 'react'
import { onRadioGroupKeyDown } from '../../../components/picker/picker-states'
import { isLockedError, reportMutationError, serverMessage, toastError } from '../../../data/errors'
import { useInvalidateEstimate, useTemplates } from '../../../data/queries'
import { portalScope } from '../common/portal-scope'
import { useDetail } from '../detail-context'

type ApplyResult = { sectionsCreated: number; lineItemsCreated: number }

const categoryLabel = (c: string) => c.replace(/_/g, ' ').replace(/\b\w/g, (m) => m.toUpperCase())

/** Apply Template: pick one, apply it, and report sectionsCreated and lineItemsCreated. */
export function ApplyTemplateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { orgId, estimateId } = useDetail()
  const templates = useTemplates(orgId, open)
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const [selected, setSelected] = React.useState<string | null>(null)
  const [result, setResult] = React.useState<ApplyResult | null>(null)
  React.useEffect(() => {
    if (open) {
      setSelected(null)
      setResult(null)
    }
  }, [open])

  const apply = useMutation({
    mutationFn: (templateId: string) => callApi(api.postEstimatesApplyTemplate, { params: { orgId, id: estimateId }, body: { templateId } }),
    onSuccess: async (data) => {
      setResult({ sectionsCreated: data?.sectionsCreated ?? 0, lineItemsCreated: data?.lineItemsCreated ?? 0 })
      await Promise.all([invalidate.sections(), invalidate.estimate()])
    },
    onError: (error) => {
      if (isLockedError(error)) return reportMutationError(error, '', () => void invalidate.estimate())
      toastError(`Failed to apply template: ${serverMessage(error) ?? (error instanceof Error ? error.message : 'Unknown error')}`)
    },
  })

  const list = templates.data ?? []
  // One tab stop for the group (the chosen template, else the first); arrow keys move between them.
  const tabbableId = list.some((t) => t.id === selected) ? selected : list[0]?.id
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" {...portalScope}>
        {result ? (
          <>
            <DialogHeader className="items-center text-center">
              <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
              <DialogTitle>Template applied</DialogTitle>
              <DialogDescription data-testid="apply-template-result">
                {result.sectionsCreated} {result.sectionsCreated === 1 ? 'section' : 'sections'} and {result.lineItemsCreated}{' '}
                {result.lineItemsCreated === 1 ? 'line item' : 'line items'} created.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Apply Template</DialogTitle>
              <DialogDescription>Adds the template's sections and line items to this estimate. Existing items stay as they are.</DialogDescription>
            </DialogHeader>
            <div className="max-h-[50vh] space-y-2 overflow-y-auto pr-1" role="radiogroup" aria-label="Templates" onKeyDown={onRadioGroupKeyDown}>
              {templates.isLoading ? (
                [0, 1, 2].map((i) => <Skeleton key={i} className="h-16 w-full" />)
              ) : templates.error ? (
                <p className="rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive">
                  Could not load templates.{' '}
                  <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void templates.refetch()}>
                    Retry
                  </Button>
                </p>
              ) : list.length === 0 ? (
                <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
                  <LayoutTemplate className="size-6" aria-hidden="true" />
                  No templates yet. Create one in the template manager.
                </div>
              ) : (
                list.map((t) => {
                  const items = t.sections.reduce((a, s) => a + s.lineItems.length, 0)
                  return (
                    <button
                      key={t.id}
                      type="button"
                      role="radio"
                      aria-checked={selected === t.id}
                      tabIndex={t.id === tabbableId ? 0 : -1}
                      onClick={() => setSelected(t.id)}
                      className={cn(
                        'flex w-full items-start justify-between gap-3 rounded-lg border p-3 text-left transition-colors hover:bg-accent/50 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40',
                        selected === t.id && 'border-primary bg-primary/5 ring-1 ring-primary',
                      )}
                    >
                      <span className="min-w-0">
                        <span className="block font-medium">{t.name}</span>
                        {t.description ? <span className="line-clamp-1 text-xs text-muted-foreground">{t.description}</span> : null}
                        <span className="mt-1 block text-xs text-muted-foreground">
                          {t.sections.length} {t.sections.length === 1 ? 'section' : 'sections'} · {items} {items === 1 ? 'item' : 'items'}
                        </span>
                      </span>
                      <span className="flex shrink-0 flex-col items-end gap-1">
                        <Badge variant="outline">{categoryLabel(t.category)}</Badge>
                        {t.isSystemTemplate ? <Badge variant="secondary">System</Badge> : null}
                      </span>
                    </button>
                  )
                })
              )}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={apply.isPending}>
                Cancel
              </Button>
              <Button onClick={() => selected && apply.mutate(selected)} disabled={!selected || apply.isPending}>
                {apply.isPending ? <Spinner className="size-4 text-current" label="Applying" /> : null}
                Apply Template
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
