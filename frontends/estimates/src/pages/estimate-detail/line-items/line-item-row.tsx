import { costTypeLabel, LINE_ITEM_UNITS, type LineItem } from '@plumbline/contracts'
import { formatCurrency, formatNumber } from '@plumbline/contracts/format'
import { lineTotal } from '@plumbline/contracts/money'
import { Button, cn, Input, Spinner } from '@plumbline/ui'
import { Check, Pencil, Trash2, X } from 'lucide-react'
import * as React from 'react'
import { NativeSelect } from '../common/native-select'
import {
  COST_TYPE_LABELS,
  COST_TYPES,
  type CostType,
  draftFromItem,
  type LineItemDraft,
  type LineItemFieldErrors,
  QUANTITY_STEP,
  toLineItemPayload,
  UNIT_COST_STEP,
} from './line-item-math'
import { DragHandle, useSortableLineItem } from './sortable-line-item'

const TYPE_TONES: Record<string, string> = {
  Labor: 'bg-sky-500/10 text-sky-700 dark:text-sky-300',
  Material: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  Equipment: 'bg-amber/20 text-amber-foreground dark:text-amber',
  Subcontractor: 'bg-violet-500/10 text-violet-700 dark:text-violet-300',
  Other: 'bg-muted text-muted-foreground',
}

export function CostTypePill({ item }: { item: Pick<LineItem, 'isLabor' | 'isMaterial' | 'isEquipment' | 'isSubcontractor'> }) {
  const label = costTypeLabel(item)
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', TYPE_TONES[label])}>{label}</span>
}

/** The section an item belongs to, as a small label: the flat list (enableSections off) keeps it visible. */
export function SectionLabel({ name }: { name: string }) {
  return (
    <span
      className="inline-block max-w-full truncate rounded bg-muted px-1.5 py-0.5 align-middle text-[11px] font-medium text-muted-foreground"
      data-testid="line-item-section-label"
      title={`Section: ${name}`}
    >
      <span className="sr-only">Section: </span>
      {name}
    </span>
  )
}

/** One line item: a sortable table row, read-only or edited in place; `sectionName` labels it in the flat list. */
export function LineItemRow({
  item,
  readonly,
  onSave,
  onDelete,
  saving,
  sectionName,
}: {
  item: LineItem
  readonly: boolean
  onSave: (payload: Record<string, unknown>) => Promise<unknown>
  onDelete: () => void
  saving: boolean
  sectionName?: string
}) {
  const { setNodeRef, style, isDragging, handleProps } = useSortableLineItem(item, readonly)
  const [draft, setDraft] = React.useState<LineItemDraft | null>(null)
  const [errors, setErrors] = React.useState<LineItemFieldErrors>({})
  React.useEffect(() => {
    if (readonly) setDraft(null)
  }, [readonly])

  const set = <K extends keyof LineItemDraft>(k: K, v: LineItemDraft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d))

  const save = async () => {
    if (!draft) return
    const result = toLineItemPayload(draft)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    try {
      await onSave(result.payload)
      setDraft(null)
      setErrors({})
    } catch {
      // Toast already shown; keep the edits on screen.
    }
  }
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      void save()
    } else if (e.key === 'Escape') {
      setDraft(null)
      setErrors({})
    }
  }

  if (draft) {
    return (
      <tr ref={setNodeRef} style={style} className="bg-accent/40 align-top" data-testid="line-item-row" data-editing="true" onKeyDown={onKeyDown}>
        <td className="py-2 pl-3" />
        <td className="py-2 pr-2">
          <Input
            aria-label="Item name"
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            aria-invalid={!!errors.name}
            className="h-9"
            autoFocus
          />
          {errors.name ? (
            <p role="alert" className="mt-1 text-xs font-medium text-destructive">
              {errors.name}
            </p>
          ) : null}
          {sectionName ? (
            <div className="mt-1">
              <SectionLabel name={sectionName} />
            </div>
          ) : null}
        </td>
        <td className="py-2 pr-2">
          <NativeSelect aria-label="Type" value={draft.costType} onChange={(e) => set('costType', e.target.value as CostType)} className="h-9">
            {COST_TYPES.map((t) => (
              <option key={t} value={t}>
                {COST_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </td>
        <td className="py-2 pr-2">
          <Input
            aria-label="Quantity"
            type="number"
            inputMode="decimal"
            step={QUANTITY_STEP}
            min={0}
            value={draft.quantity}
            onChange={(e) => set('quantity', e.target.value)}
            aria-invalid={!!errors.quantity}
            className="h-9 w-full text-right tabular-nums"
          />
          {errors.quantity ? (
            <p role="alert" className="mt-1 text-xs font-medium text-destructive">
              {errors.quantity}
            </p>
          ) : null}
        </td>
        <td className="py-2 pr-2">
          <NativeSelect aria-label="Unit" value={draft.unit} onChange={(e) => set('unit', e.target.value)} className="h-9">
            {LINE_ITEM_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </NativeSelect>
        </td>
        <td className="py-2 pr-2">
          <Input
            aria-label="Unit cost"
            type="number"
            inputMode="decimal"
            step={UNIT_COST_STEP}
            min={0}
            value={draft.unitCost}
            onChange={(e) => set('unitCost', e.target.value)}
            aria-invalid={!!errors.unitCost}
            className="h-9 w-full text-right tabular-nums"
          />
          {errors.unitCost ? (
            <p role="alert" className="mt-1 text-xs font-medium text-destructive">
              {errors.unitCost}
            </p>
          ) : null}
        </td>
        <td className="py-2 pr-3 text-right font-medium tabular-nums leading-9" data-testid="line-item-live-total">
          {formatCurrency(lineTotal(draft.quantity, draft.unitCost))}
        </td>
        <td className="py-2 pr-3">
          <div className="flex justify-end gap-1">
            <Button size="icon-sm" onClick={() => void save()} disabled={saving} aria-label="Save line item">
              {saving ? <Spinner className="size-4 text-current" label="Saving" /> : <Check />}
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              onClick={() => {
                setDraft(null)
                setErrors({})
              }}
              disabled={saving}
              aria-label="Cancel editing"
            >
              <X />
            </Button>
          </div>
        </td>
      </tr>
    )
  }

  return (
    <tr
      ref={setNodeRef}
      style={style}
      className={cn('group border-t transition-colors hover:bg-muted/40', isDragging && 'relative z-10 bg-card shadow-lg ring-1 ring-primary/30')}
      data-testid="line-item-row"
      data-item-id={item.id}
    >
      {readonly ? null : (
        <td className="py-2.5 pl-3 align-middle">
          <DragHandle itemName={item.name} handleProps={handleProps} className="size-6" />
        </td>
      )}
      <td className={cn('py-2.5 pr-3', readonly && 'pl-4')}>
        <p className="truncate font-medium" data-testid="line-item-name" title={item.name}>
          {item.name}
        </p>
        {sectionName ? <SectionLabel name={sectionName} /> : null}
        {item.description ? <p className="line-clamp-2 text-xs text-muted-foreground">{item.description}</p> : null}
      </td>
      <td className="py-2.5 pr-3">
        <CostTypePill item={item} />
      </td>
      <td className="py-2.5 pr-3 text-right tabular-nums">{formatNumber(item.quantity, 3)}</td>
      <td className="py-2.5 pr-3 text-muted-foreground">{item.unit}</td>
      <td className="py-2.5 pr-3 text-right tabular-nums">{formatCurrency(item.unitCost)}</td>
      <td className="py-2.5 pr-3 text-right font-medium tabular-nums" data-testid="line-item-total">
        {formatCurrency(item.totalCost)}
      </td>
      {readonly ? null : (
        <td className="py-2.5 pr-3">
          <div className="flex justify-end gap-0.5 opacity-100 transition-opacity md:opacity-60 md:group-hover:opacity-100 md:focus-within:opacity-100">
            <Button size="icon-sm" variant="ghost" onClick={() => setDraft(draftFromItem(item))} aria-label={`Edit ${item.name}`}>
              <Pencil />
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              onClick={onDelete}
              aria-label={`Delete ${item.name}`}
              className="text-muted-foreground hover:text-destructive"
            >
              <Trash2 />
            </Button>
          </div>
        </td>
      )}
    </tr>
  )
}
