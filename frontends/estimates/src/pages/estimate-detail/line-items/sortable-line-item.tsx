import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { LineItem } from '@plumbline/contracts'
import { cn } from '@plumbline/ui'
import { GripVertical } from 'lucide-react'
import type * as React from 'react'

/**
 * The sortable wiring shared by the table row and the phone card. Both register the item's id with
 * its section id as data, which is what LineItemsEditor's onDragEnd reads to refuse a drop in
 * another section, so reordering behaves the same on either layout.
 */
export function useSortableLineItem(item: LineItem, readonly: boolean) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    data: { sectionId: item.sectionId },
    disabled: readonly,
  })
  const style: React.CSSProperties = { transform: CSS.Translate.toString(transform), transition }
  const handleProps = { ref: setActivatorNodeRef, ...attributes, ...listeners }
  return { setNodeRef, style, isDragging, handleProps }
}

export type DragHandleProps = ReturnType<typeof useSortableLineItem>['handleProps']

/** The grip a row is dragged by; touch-none so a finger on it drags instead of scrolling the page. */
export function DragHandle({ itemName, handleProps, className }: { itemName: string; handleProps: DragHandleProps; className: string }) {
  return (
    <button
      type="button"
      {...handleProps}
      aria-label={`Reorder ${itemName}`}
      className={cn(
        'flex cursor-grab touch-none items-center justify-center rounded text-muted-foreground/60 hover:bg-accent hover:text-foreground active:cursor-grabbing',
        className,
      )}
    >
      <GripVertical className="size-4" />
    </button>
  )
}
