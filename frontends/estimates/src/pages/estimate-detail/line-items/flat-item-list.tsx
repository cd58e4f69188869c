import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import type { LineItem, Section } from '@plumbline/contracts'
import * as React from 'react'
import { BELOW_MD, useMediaQuery } from '../../../components/use-media-query'
import { LineItemCard } from './line-item-card'
import { LineItemRow } from './line-item-row'
import { LineItemTable } from './line-item-table'
import type { LineItemMutations } from './use-line-item-mutations'

export type FlatEntry = { item: LineItem; section: Pick<Section, 'id' | 'name'> }

/**
 * Every line item of the estimate as one list (company flag enableSections off): sections in
 * their order, each section's items in theirs, so an item's neighbours are the same as in the
 * grouped view. Each item keeps its section as a label, so switching views loses nothing.
 */
export function flattenSections(sections: Section[]): FlatEntry[] {
  return [...sections]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .flatMap((section) => [...section.lineItems].sort((a, b) => a.sortOrder - b.sortOrder).map((item) => ({ item, section })))
}

/**
 * The flat list: one table (stacked cards below `md`). Items of one section sit together, so
 * dragging still reorders within a section; a drop onto another section's item is refused by the
 * editor's drag handler, as in the grouped view.
 */
export function FlatItemList({
  entries,
  readonly,
  mutations,
  onEditItem,
  onDeleteItem,
}: {
  entries: FlatEntry[]
  readonly: boolean
  mutations: LineItemMutations
  onEditItem: (entry: FlatEntry) => void
  onDeleteItem: (entry: FlatEntry) => void
}) {
  const phone = useMediaQuery(BELOW_MD)
  const ids = React.useMemo(() => entries.map((e) => e.item.id), [entries])
  return (
    <div className="overflow-hidden rounded-lg border bg-card" data-testid="line-items-flat">
      {phone ? (
        <ul className="text-sm [&>li:first-child]:border-t-0">
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {entries.map((entry) => (
              <LineItemCard
                key={entry.item.id}
                item={entry.item}
                sectionName={entry.section.name}
                readonly={readonly}
                onEdit={() => onEditItem(entry)}
                onDelete={() => onDeleteItem(entry)}
              />
            ))}
          </SortableContext>
        </ul>
      ) : (
        <LineItemTable readonly={readonly}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {entries.map((entry) => (
              <LineItemRow
                key={entry.item.id}
                item={entry.item}
                sectionName={entry.section.name}
                readonly={readonly}
                saving={mutations.updateItem.isPending && mutations.updateItem.variables?.id === entry.item.id}
                onSave={(payload) => mutations.updateItem.mutateAsync({ id: entry.item.id, payload })}
                onDelete={() => onDeleteItem(entry)}
              />
            ))}
          </SortableContext>
        </LineItemTable>
      )}
    </div>
  )
}
