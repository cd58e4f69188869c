import type { LineItem } from '@plumbline/contracts'
import { formatCurrency, formatNumber } from '@plumbline/contracts/format'
import { Button, cn } from '@plumbline/ui'
import { Pencil, Trash2 } from 'lucide-react'
import { CostTypePill, SectionLabel } from './line-item-row'
import { DragHandle, useSortableLineItem } from './sortable-line-item'

/** "32 sqft × $95.00": the table's Qty, Unit and Unit Cost columns as one line. */
function quantityLine(item: Pick<LineItem, 'quantity' | 'unit' | 'unitCost'>): string {
  return `${formatNumber(item.quantity, 3)} ${item.unit} × ${formatCurrency(item.unitCost)}`
}

/**
 * One line item on a phone, where the table's columns do not fit: a stacked, sortable card.
 * Editing opens the line item dialog (onEdit) because the table's inline editor needs the width.
 */
export function LineItemCard({
  item,
  readonly,
  onEdit,
  onDelete,
  sectionName,
}: {
  item: LineItem
  readonly: boolean
  onEdit: () => void
  onDelete: () => void
  /** The flat list (enableSections off) labels each item with its section. */
  sectionName?: string
}) {
  const { setNodeRef, style, isDragging, handleProps } = useSortableLineItem(item, readonly)
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn('flex gap-1.5 border-t py-3 pr-3', readonly ? 'pl-4' : 'pl-1.5', isDragging && 'relative z-10 bg-card shadow-lg ring-1 ring-primary/30')}
      data-testid="line-item-row"
      data-item-id={item.id}
    >
      {readonly ? null : <DragHandle itemName={item.name} handleProps={handleProps} className="size-9 shrink-0 self-center" />}
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 break-words font-medium" data-testid="line-item-name">
            {item.name}
          </p>
          <p className="shrink-0 font-semibold tabular-nums" data-testid="line-item-total">
            {formatCurrency(item.totalCost)}
          </p>
        </div>
        {sectionName ? <SectionLabel name={sectionName} /> : null}
        {item.description ? <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{item.description}</p> : null}
        <div className="mt-1.5 flex items-center justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <CostTypePill item={item} />
            <span className="text-sm tabular-nums text-muted-foreground" data-testid="line-item-quantity">
              {quantityLine(item)}
            </span>
          </div>
          {readonly ? null : (
            <div className="-my-1 flex shrink-0 gap-1">
              <Button size="icon" variant="ghost" onClick={onEdit} aria-label={`Edit ${item.name}`}>
                <Pencil />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                onClick={onDelete}
                aria-label={`Delete ${item.name}`}
                className="text-muted-foreground hover:text-destructive"
              >
                <Trash2 />
              </Button>
            </div>
          )}
        </div>
      </div>
    </li>
  )
}
