import { LINE_ITEM_UNITS, type LineItem } from '@plumbline/contracts'
import { formatCurrency } from '@plumbline/contracts/format'
import { lineTotal } from '@plumbline/contracts/money'
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  Spinner,
  Textarea,
} from '@plumbline/ui'
import * as React from 'react'
import { NativeSelect } from '../common/native-select'
import { portalScope } from '../common/portal-scope'
import {
  COST_TYPE_LABELS,
  COST_TYPES,
  type CostType,
  draftFromItem,
  emptyLineItemDraft,
  type LineItemDraft,
  type LineItemFieldErrors,
  QUANTITY_STEP,
  toLineItemPayload,
  UNIT_COST_STEP,
} from './line-item-math'

/**
 * Editing happens here on phones, where focusing a field opens the keyboard over the form the
 * user came to read: the dialog itself takes focus (announced by its title) instead.
 */
function focusDialogItself(e: Event) {
  e.preventDefault()
  ;(e.currentTarget as HTMLElement).focus()
}

/**
 * Add Line Item: the spec 001 §5 defaults, required fields, and the total recomputed on every change.
 * Given an item it is Edit Line Item instead, prefilled from it (phones edit here, not in the table).
 */
export function LineItemDialog({
  sectionName,
  item,
  open,
  onOpenChange,
  onSubmit,
  saving,
}: {
  sectionName: string
  item?: LineItem
  open: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>
  saving: boolean
}) {
  const [draft, setDraft] = React.useState<LineItemDraft>(emptyLineItemDraft)
  const [errors, setErrors] = React.useState<LineItemFieldErrors>({})
  // Reset only when (re)opened, from the item as it is then: a refetch handing over a new item
  // object while open must not wipe what was typed.
  const startFromItem = React.useEffectEvent(() => {
    setDraft(item ? draftFromItem(item) : emptyLineItemDraft())
    setErrors({})
  })
  React.useEffect(() => {
    if (open) startFromItem()
  }, [open])

  const set = <K extends keyof LineItemDraft>(k: K, v: LineItemDraft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }))
    if (k in errors) setErrors((e) => ({ ...e, [k]: undefined }))
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const result = toLineItemPayload(draft)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    try {
      await onSubmit(result.payload)
      onOpenChange(false)
    } catch {
      // The mutation already showed the error toast; keep the form open with what was typed.
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" {...portalScope} onOpenAutoFocus={item ? focusDialogItself : undefined}>
        <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{item ? 'Edit Line Item' : 'Add Line Item'}</DialogTitle>
            <DialogDescription>{item ? `Updates an item in ${sectionName}.` : `Adds an item to ${sectionName}.`}</DialogDescription>
          </DialogHeader>
          <FormField id="li-name" label="Name" error={errors.name}>
            <Input
              id="li-name"
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
              aria-invalid={!!errors.name}
              placeholder="e.g. Drywall sheets"
              autoFocus={!item}
            />
          </FormField>
          <FormField id="li-description" label="Description (optional)">
            <Textarea id="li-description" value={draft.description} onChange={(e) => set('description', e.target.value)} rows={2} className="min-h-16" />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="li-type" label="Type">
              <NativeSelect id="li-type" value={draft.costType} onChange={(e) => set('costType', e.target.value as CostType)}>
                {COST_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {COST_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="li-unit" label="Unit">
              <NativeSelect id="li-unit" value={draft.unit} onChange={(e) => set('unit', e.target.value)}>
                {LINE_ITEM_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="li-quantity" label="Quantity" error={errors.quantity}>
              <Input
                id="li-quantity"
                type="number"
                inputMode="decimal"
                step={QUANTITY_STEP}
                min={0}
                value={draft.quantity}
                onChange={(e) => set('quantity', e.target.value)}
                aria-invalid={!!errors.quantity}
              />
            </FormField>
            <FormField id="li-unit-cost" label="Unit Cost ($)" error={errors.unitCost}>
              <Input
                id="li-unit-cost"
                type="number"
                inputMode="decimal"
                step={UNIT_COST_STEP}
                min={0}
                value={draft.unitCost}
                onChange={(e) => set('unitCost', e.target.value)}
                aria-invalid={!!errors.unitCost}
              />
            </FormField>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border bg-muted/40 px-4 py-3">
            <div className="flex flex-wrap gap-5">
              <div className="flex items-center gap-2">
                <Checkbox id="li-markup" checked={draft.applyMarkup} onCheckedChange={(v) => set('applyMarkup', v === true)} />
                <Label htmlFor="li-markup" className="font-normal">
                  Apply markup
                </Label>
              </div>
              <div className="flex items-center gap-2">
                <Checkbox id="li-tax" checked={draft.applyTax} onCheckedChange={(v) => set('applyTax', v === true)} />
                <Label htmlFor="li-tax" className="font-normal">
                  Apply tax
                </Label>
              </div>
            </div>
            <p className="text-sm">
              <span className="text-muted-foreground">Total </span>
              <span className="font-semibold tabular-nums" data-testid="line-item-dialog-total">
                {formatCurrency(lineTotal(draft.quantity, draft.unitCost))}
              </span>
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Spinner className="size-4 text-current" label="Saving" /> : null}
              {item ? 'Save' : 'Add Line Item'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
