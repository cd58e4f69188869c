import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core'
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import type { LineItem } from '@plumbline/contracts'
import { formatCurrency } from '@plumbline/contracts/format'
import { centsText, sumCents } from '@plumbline/contracts/money'
import {
  Button,
  Card,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  EmptyState,
  Skeleton,
} from '@plumbline/ui'
import { ChevronsDownUp, ChevronsUpDown, Download, LayoutTemplate, ListPlus, MoreVertical, Plus, RotateCw, Rows3, Upload } from 'lucide-react'
import * as React from 'react'
import { toastError } from '../../../data/errors'
import { useSections } from '../../../data/queries'
import { useConfirm } from '../common/confirm-dialog'
import { portalScope } from '../common/portal-scope'
import { PromptDialog, type PromptOptions } from '../common/prompt-dialog'
import { useDetail } from '../detail-context'
import { AddSectionDialog } from './add-section-dialog'
import { ApplyTemplateDialog } from './apply-template-dialog'
import { csvFileName, downloadCsv } from './csv-transfer'
import { type FlatEntry, FlatItemList, flattenSections } from './flat-item-list'
import { ImportCsvDialog } from './import-csv-dialog'
import { LineItemDialog } from './line-item-dialog'
import { SectionBlock } from './section-block'
import { useLineItemMutations } from './use-line-item-mutations'

/** Spec 001 §2: a drag starts only after 8 pixels of movement, so clicks on a row stay clicks. */
export const DRAG_ACTIVATION_DISTANCE = 8
export const CROSS_SECTION_MESSAGE = 'Items can only be reordered within the same section'
/**
 * Line items always live in a section (the API has no other place for them). With sections off,
 * a new item goes to the first section, and when the estimate has none yet this one is created.
 */
export const DEFAULT_SECTION_NAME = 'General'

type AddTarget = { id: string | null; name: string }

/**
 * The line items editor: priced sections, their items, totals and the bulk actions menu. With the
 * company flag enableSections on, items are grouped under collapsible sections (add, rename and
 * delete sections); off, every item is in one flat list, each labelled with its section.
 */
export function LineItemsEditor() {
  const { orgId, estimateId, estimate, readonly, settings } = useDetail()
  const grouped = settings?.enableSections === true
  const sections = useSections(orgId, estimateId)
  const mutations = useLineItemMutations()
  const { confirm, dialog: confirmDialog } = useConfirm()
  const [collapsed, setCollapsed] = React.useState<Set<string>>(new Set())
  const [addSectionOpen, setAddSectionOpen] = React.useState(false)
  const [addItemFor, setAddItemFor] = React.useState<AddTarget | null>(null)
  const [editing, setEditing] = React.useState<{ item: LineItem; sectionName: string } | null>(null)
  const [templateOpen, setTemplateOpen] = React.useState(false)
  const [importOpen, setImportOpen] = React.useState(false)
  const [prompt, setPrompt] = React.useState<PromptOptions | null>(null)
  const [exporting, setExporting] = React.useState(false)

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  const list = React.useMemo(() => [...(sections.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder), [sections.data])
  const grandTotal = centsText(sumCents(list.map((s) => s.total)))
  const flat = React.useMemo(() => flattenSections(list), [list])
  // Sections off: the first section, or a new one made on the first save (see DEFAULT_SECTION_NAME).
  const flatTarget: AddTarget = list[0] ? { id: list[0].id, name: list[0].name } : { id: null, name: DEFAULT_SECTION_NAME }
  const isEmpty = grouped ? list.length === 0 : flat.length === 0

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = active.data.current?.sectionId as string | undefined
    const to = over.data.current?.sectionId as string | undefined
    if (!from || from !== to) {
      toastError(CROSS_SECTION_MESSAGE)
      return
    }
    const section = list.find((s) => s.id === from)
    if (!section) return
    const ids = section.lineItems.map((i) => i.id)
    const oldIndex = ids.indexOf(String(active.id))
    const newIndex = ids.indexOf(String(over.id))
    if (oldIndex < 0 || newIndex < 0) return
    mutations.reorder.mutate({ sectionId: from, itemIds: arrayMove(ids, oldIndex, newIndex) })
  }

  const exportCsv = async () => {
    setExporting(true)
    try {
      await downloadCsv(orgId, estimateId, csvFileName(estimate.projectName))
    } catch {
      toastError('Failed to export line items to CSV')
    } finally {
      setExporting(false)
    }
  }

  const confirmDeleteItem = (itemId: string, name: string, sectionName: string) =>
    confirm({
      title: 'Delete line item?',
      description: `Delete "${name}" from ${sectionName}? This cannot be undone.`,
      confirmLabel: 'Delete Line Item',
      destructive: true,
      onConfirm: () => mutations.deleteItem.mutateAsync(itemId).catch(() => undefined),
    })

  const toggle = (id: string) =>
    setCollapsed((c) => {
      const next = new Set(c)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  // With sections, the way in is a section; without, an item (it goes to the first section).
  const addButton = grouped ? (
    <Button size="sm" onClick={() => setAddSectionOpen(true)}>
      <Plus />
      Add Section
    </Button>
  ) : (
    <Button size="sm" onClick={() => setAddItemFor(flatTarget)}>
      <Plus />
      Add Line Item
    </Button>
  )
  return (
    <section aria-labelledby="line-items-heading">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4">
          <div>
            <h2 id="line-items-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
              <Rows3 className="size-5 text-primary" aria-hidden="true" />
              Line Items
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">{grouped ? 'Itemized costs by section' : 'Itemized costs'}</p>
          </div>
          <div className="flex items-center gap-2">
            {readonly ? null : addButton}
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" size="icon-sm" aria-label="Line item actions">
                  <MoreVertical />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end" className="w-52" {...portalScope}>
                {grouped ? (
                  <>
                    <DropdownMenuItem onSelect={() => setCollapsed(new Set())}>
                      <ChevronsUpDown />
                      Expand All
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => setCollapsed(new Set(list.map((s) => s.id)))}>
                      <ChevronsDownUp />
                      Collapse All
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                  </>
                ) : null}
                {readonly ? null : (
                  <DropdownMenuItem onSelect={() => setTemplateOpen(true)}>
                    <LayoutTemplate />
                    Apply Template
                  </DropdownMenuItem>
                )}
                <DropdownMenuItem onSelect={() => void exportCsv()} disabled={exporting}>
                  <Download />
                  Export to CSV
                </DropdownMenuItem>
                {readonly ? null : (
                  <DropdownMenuItem onSelect={() => setImportOpen(true)}>
                    <Upload />
                    Import from CSV
                  </DropdownMenuItem>
                )}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </div>

        <div className="space-y-3 p-4 sm:p-5">
          {sections.isLoading ? (
            <div className="space-y-3" aria-busy="true">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-28 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : sections.error ? (
            <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-8 text-center">
              <p className="text-sm font-medium text-destructive">Failed to load line items. Please try again.</p>
              <Button variant="outline" size="sm" onClick={() => void sections.refetch()} disabled={sections.isFetching}>
                <RotateCw />
                Retry
              </Button>
            </div>
          ) : isEmpty ? (
            <EmptyState
              className="py-10"
              icon={<ListPlus />}
              title="No line items yet"
              description={
                readonly
                  ? 'This estimate has no itemized costs.'
                  : grouped
                    ? 'Add a section to start itemizing costs, or start from a template.'
                    : 'Add a line item to start itemizing costs, or start from a template.'
              }
              action={
                readonly ? undefined : (
                  <div className="flex flex-wrap justify-center gap-2">
                    {addButton}
                    <Button size="sm" variant="outline" onClick={() => setTemplateOpen(true)}>
                      <LayoutTemplate />
                      Apply Template
                    </Button>
                  </div>
                )
              }
            />
          ) : !grouped ? (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <FlatItemList
                entries={flat}
                readonly={readonly}
                mutations={mutations}
                onEditItem={({ item, section }: FlatEntry) => setEditing({ item, sectionName: section.name })}
                onDeleteItem={({ item, section }: FlatEntry) => confirmDeleteItem(item.id, item.name, section.name)}
              />
            </DndContext>
          ) : (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              {list.map((section) => (
                <SectionBlock
                  key={section.id}
                  section={section}
                  collapsed={collapsed.has(section.id)}
                  onToggle={() => toggle(section.id)}
                  readonly={readonly}
                  mutations={mutations}
                  onAddItem={() => setAddItemFor({ id: section.id, name: section.name })}
                  onEditItem={(item) => setEditing({ item, sectionName: section.name })}
                  onRename={() =>
                    setPrompt({
                      title: 'Rename section',
                      label: 'Section name',
                      initialValue: section.name,
                      onSubmit: (name) => mutations.updateSection.mutate({ id: section.id, name, description: section.description }),
                    })
                  }
                  onDelete={() =>
                    confirm({
                      title: 'Delete section?',
                      description: `Delete the section "${section.name}"? This will also delete its ${section.lineItems.length} ${section.lineItems.length === 1 ? 'line item' : 'line items'}. This cannot be undone.`,
                      confirmLabel: 'Delete Section',
                      destructive: true,
                      onConfirm: () => mutations.deleteSection.mutateAsync(section.id).catch(() => undefined),
                    })
                  }
                  onDeleteItem={(itemId, name) => confirmDeleteItem(itemId, name, section.name)}
                />
              ))}
            </DndContext>
          )}
        </div>

        {!isEmpty ? (
          <div className="flex items-center justify-between gap-3 rounded-b-xl border-t bg-muted/40 px-5 py-4">
            <span className="text-sm font-medium text-muted-foreground">Grand Total</span>
            <span className="text-xl font-semibold tabular-nums tracking-tight" data-testid="line-items-grand-total">
              {formatCurrency(grandTotal)}
            </span>
          </div>
        ) : null}
      </Card>

      <AddSectionDialog
        open={addSectionOpen}
        onOpenChange={setAddSectionOpen}
        saving={mutations.createSection.isPending}
        // Spec 001 §5: a new section's sortOrder is the current section count.
        onSubmit={(values) => mutations.createSection.mutateAsync({ ...values, sortOrder: list.length })}
      />
      <LineItemDialog
        sectionName={addItemFor?.name ?? ''}
        open={!!addItemFor}
        onOpenChange={(open) => !open && setAddItemFor(null)}
        saving={mutations.addItem.isPending}
        onSubmit={async (payload) => {
          if (!addItemFor) return
          // Sections off and none yet: make the default one first (a failure keeps the dialog open).
          const sectionId =
            addItemFor.id ?? (await mutations.createSection.mutateAsync({ name: DEFAULT_SECTION_NAME, description: null, sortOrder: list.length })).id
          const section = list.find((s) => s.id === sectionId)
          return mutations.addItem.mutateAsync({ sectionId, payload: { ...payload, sortOrder: section?.lineItems.length ?? 0 } })
        }}
      />
      <LineItemDialog
        sectionName={editing?.sectionName ?? ''}
        item={editing?.item}
        open={!!editing}
        onOpenChange={(open) => !open && setEditing(null)}
        saving={mutations.updateItem.isPending}
        onSubmit={async (payload) => editing && mutations.updateItem.mutateAsync({ id: editing.item.id, payload })}
      />
      <ApplyTemplateDialog open={templateOpen} onOpenChange={setTemplateOpen} />
      <ImportCsvDialog open={importOpen} onOpenChange={setImportOpen} />
      <PromptDialog options={prompt} onClose={() => setPrompt(null)} />
      {confirmDialog}
    </section>
  )
}
