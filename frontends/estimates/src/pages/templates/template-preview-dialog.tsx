import type { Template } from '@plumbline/contracts'
import { formatCurrency } from '@plumbline/contracts/format'
import { centsText, lineTotal } from '@plumbline/contracts/money'
import { Badge, Button, cn, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@plumbline/ui'
import { CATEGORY_META, CategoryIcon, normalizeCategory } from '../../components/template-category/template-category'
import { sectionValue, templateValue } from './template-form'

/** Read-only view of a template's sections and line items. */
export function TemplatePreviewDialog({
  template,
  onOpenChange,
  onEdit,
}: {
  template: Template | null
  onOpenChange: (open: boolean) => void
  onEdit?: () => void
}) {
  const meta = template ? CATEGORY_META[normalizeCategory(template.category)] : null
  return (
    <Dialog open={!!template} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {template && meta ? (
          <>
            <DialogHeader className="pr-8">
              <div className="flex items-start gap-3">
                <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', meta.tint)}>
                  <CategoryIcon category={template.category} className="size-5" />
                </span>
                <div className="min-w-0">
                  <DialogTitle>{template.name}</DialogTitle>
                  <div className="mt-1 flex flex-wrap items-center gap-1.5">
                    <span className="text-xs text-muted-foreground">{meta.label}</span>
                    {template.isSystemTemplate ? <Badge variant="secondary">System</Badge> : null}
                    {template.isDefault ? <Badge variant="info">Default</Badge> : null}
                  </div>
                </div>
              </div>
              <DialogDescription>{template.description || 'No description.'}</DialogDescription>
            </DialogHeader>
            <div className="space-y-4">
              {template.sections.length === 0 ? (
                <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">This template has no sections.</p>
              ) : null}
              {template.sections.map((s) => {
                const total = centsText(sectionValue(s.lineItems))
                return (
                  <section key={s.id} className="overflow-hidden rounded-lg border" aria-label={s.name}>
                    <div className="flex items-center justify-between gap-3 bg-muted/50 px-4 py-2.5">
                      <div className="min-w-0">
                        <h4 className="truncate text-sm font-semibold">{s.name}</h4>
                        {s.description ? <p className="truncate text-xs text-muted-foreground">{s.description}</p> : null}
                      </div>
                      <span className="shrink-0 text-sm font-semibold tabular-nums">{formatCurrency(total)}</span>
                    </div>
                    {s.lineItems.length ? (
                      <div className="overflow-x-auto">
                        <table className="w-full min-w-[32rem] table-fixed text-sm">
                          <colgroup>
                            <col />
                            <col className="w-20" />
                            <col className="w-20" />
                            <col className="w-28" />
                            <col className="w-28" />
                          </colgroup>
                          <thead>
                            <tr className="border-b text-left text-xs text-muted-foreground">
                              <th scope="col" className="px-4 py-2 font-medium">
                                Item
                              </th>
                              <th scope="col" className="px-3 py-2 text-right font-medium">
                                Qty
                              </th>
                              <th scope="col" className="px-3 py-2 font-medium">
                                Unit
                              </th>
                              <th scope="col" className="px-3 py-2 text-right font-medium">
                                Unit Cost
                              </th>
                              <th scope="col" className="px-4 py-2 text-right font-medium">
                                Total
                              </th>
                            </tr>
                          </thead>
                          <tbody>
                            {s.lineItems.map((i) => (
                              <tr key={i.id} className="border-b last:border-0">
                                <td className="px-4 py-2">
                                  <span className="font-medium">{i.name}</span>
                                  {i.description ? <span className="block text-xs text-muted-foreground">{i.description}</span> : null}
                                </td>
                                <td className="px-3 py-2 text-right tabular-nums">
                                  {Number(i.quantity).toLocaleString('en-US', { maximumFractionDigits: 3 })}
                                </td>
                                <td className="px-3 py-2 text-muted-foreground">{i.unit}</td>
                                <td className="px-3 py-2 text-right tabular-nums">{formatCurrency(i.cost)}</td>
                                <td className="px-4 py-2 text-right font-medium tabular-nums">{formatCurrency(lineTotal(i.quantity, i.cost))}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    ) : (
                      <p className="px-4 py-3 text-sm text-muted-foreground">No line items.</p>
                    )}
                  </section>
                )
              })}
              <div className="flex items-center justify-between rounded-lg bg-primary/5 px-4 py-3 text-sm dark:bg-primary/10">
                <span className="font-medium">Template value</span>
                <span className="text-base font-semibold tabular-nums">{formatCurrency(templateValue(template))}</span>
              </div>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              {onEdit ? <Button onClick={onEdit}>Edit Template</Button> : null}
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
