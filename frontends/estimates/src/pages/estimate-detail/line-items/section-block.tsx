import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import type { LineItem, Section } from '@plumbline/contracts'
import { formatCurrency } from '@plumbline/contracts/format'
import { Button, cn, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@plumbline/ui'
import { ChevronRight, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react'
import * as React from 'react'
import { BELOW_MD, useMediaQuery } from '../../../components/use-media-query'
import { portalScope } from '../common/portal-scope'
import { LineItemCard } from './line-item-card'
import { LineItemRow } from './line-item-row'
import { LineItemTable } from './line-item-table'
import type { LineItemMutations } from './use-line-item-mutations'

/** A collapsible priced section with its line items: a table, or stacked cards below `md`. */
export function SectionBlock({
  section,
  collapsed,
  onToggle,
  readonly,
  mutations,
  onAddItem,
  onRename,
  onDelete,
  onEditItem,
  onDeleteItem,
}: {
  section: Section
  collapsed: boolean
  onToggle: () => void
  readonly: boolean
  mutations: LineItemMutations
  onAddItem: () => void
  onRename: () => void
  onDelete: () => void
  /** Edits an item in the line item dialog; only the phone layout asks, the table edits in place. */
  onEditItem: (item: LineItem) => void
  onDeleteItem: (itemId: string, name: string) => void
}) {
  const items = section.lineItems
  const ids = React.useMemo(() => items.map((i) => i.id), [items])
  const count = items.length
  const phone = useMediaQuery(BELOW_MD)
  return (
    <div className="overflow-hidden rounded-lg border bg-card" data-testid="line-item-section" data-section-name={section.name}>
      <div className="flex items-center gap-2 bg-muted/40 px-3 py-2.5">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={!collapsed}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-0.5 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
        >
          <ChevronRight className={cn('size-4 shrink-0 text-muted-foreground transition-transform', !collapsed && 'rotate-90')} aria-hidden="true" />
          <span className="min-w-0">
            <span className="block truncate font-semibold" data-testid="section-name">
              {section.name}
            </span>
            {section.description ? <span className="block truncate text-xs text-muted-foreground">{section.description}</span> : null}
          </span>
          <span className="ml-1 shrink-0 rounded-full bg-background px-2 py-0.5 text-xs text-muted-foreground ring-1 ring-border">
            {count} {count === 1 ? 'item' : 'items'}
          </span>
        </button>
        <span className="shrink-0 text-sm font-semibold tabular-nums" data-testid="section-total">
          {formatCurrency(section.total)}
        </span>
        {readonly ? null : (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={`Section actions for ${section.name}`}>
                <MoreHorizontal />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" {...portalScope}>
              <DropdownMenuItem onSelect={onRename}>
                <Pencil />
                Rename section
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={onAddItem}>
                <Plus />
                Add line item
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={onDelete} className="text-destructive focus:text-destructive">
                <Trash2 />
                Delete section
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>

      {collapsed ? null : (
        <div>
          {count === 0 ? (
            <div className="border-t px-4 py-6 text-center text-sm text-muted-foreground">
              No line items in this section yet.
              {readonly ? null : (
                <Button variant="link" size="sm" className="ml-1 h-auto px-0" onClick={onAddItem}>
                  Add the first one
                </Button>
              )}
            </div>
          ) : phone ? (
            <ul className="text-sm">
              <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                {items.map((item) => (
                  <LineItemCard
                    key={item.id}
                    item={item}
                    readonly={readonly}
                    onEdit={() => onEditItem(item)}
                    onDelete={() => onDeleteItem(item.id, item.name)}
                  />
                ))}
              </SortableContext>
            </ul>
          ) : (
            <LineItemTable readonly={readonly}>
              <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                {items.map((item) => (
                  <LineItemRow
                    key={item.id}
                    item={item}
                    readonly={readonly}
                    saving={mutations.updateItem.isPending && mutations.updateItem.variables?.id === item.id}
                    onSave={(payload) => mutations.updateItem.mutateAsync({ id: item.id, payload })}
                    onDelete={() => onDeleteItem(item.id, item.name)}
                  />
                ))}
              </SortableContext>
            </LineItemTable>
          )}
          {readonly ? null : (
            <div className="border-t px-3 py-2">
              <Button variant="ghost" size="sm" onClick={onAddItem} className="text-primary hover:text-primary">
                <Plus />
                Add Line Item
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  )
}
