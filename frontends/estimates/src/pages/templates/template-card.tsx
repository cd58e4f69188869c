import type { Template } from '@plumbline/contracts'
import { Badge, Button, Card, cn } from '@plumbline/ui'
import { Copy, Eye, ListChecks, Pencil, Rows3, Trash2 } from 'lucide-react'
import { formatUsd } from '../../components/format/format'
import { CATEGORY_META, CategoryIcon, normalizeCategory } from '../../components/template-category/template-category'
import { cardSections, templateValue } from './template-form'

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`

/** A template in the manager's grid: up to 2 sections shown (spec 001 §2). */
export function TemplateCard({
  template,
  onPreview,
  onEdit,
  onDelete,
  onDuplicate,
}: {
  template: Template
  onPreview: () => void
  onEdit?: () => void
  onDelete?: () => void
  onDuplicate?: () => void
}) {
  const meta = CATEGORY_META[normalizeCategory(template.category)]
  const { shown, more } = cardSections(template)
  const items = template.sections.reduce((n, s) => n + s.lineItems.length, 0)
  return (
    <Card className="flex h-full flex-col" data-testid="template-card">
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start gap-3">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', meta.tint)}>
            <CategoryIcon category={template.category} className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h3 className="truncate text-base font-semibold tracking-tight" title={template.name}>
              {template.name}
            </h3>
            <div className="mt-1 flex flex-wrap items-center gap-1.5">
              <span className="text-xs text-muted-foreground">{meta.label}</span>
              {template.isSystemTemplate ? <Badge variant="secondary">System</Badge> : null}
              {template.isDefault ? <Badge variant="info">Default</Badge> : null}
            </div>
          </div>
        </div>
        {template.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{template.description}</p> : null}
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Rows3 className="size-3.5" /> {plural(template.sections.length, 'section')}
          </span>
          <span className="inline-flex items-center gap-1">
            <ListChecks className="size-3.5" /> {plural(items, 'line item')}
          </span>
          <span className="tabular-nums">{formatUsd(templateValue(template))}</span>
        </div>
        {shown.length ? (
          <ul className="space-y-1.5" aria-label="Sections">
            {shown.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 rounded-md bg-muted/50 px-2.5 py-1.5 text-xs">
                <span className="truncate font-medium">{s.name}</span>
                <span className="shrink-0 text-muted-foreground">{plural(s.lineItems.length, 'item')}</span>
              </li>
            ))}
            {more ? <li className="px-2.5 text-xs text-muted-foreground">+{more} more</li> : null}
          </ul>
        ) : (
          <p className="text-xs italic text-muted-foreground">No sections</p>
        )}
      </div>
      <div className="flex items-center justify-end gap-1 border-t px-3 py-2">
        <Button variant="ghost" size="sm" onClick={onPreview} aria-label={`Preview ${template.name}`}>
          <Eye /> Preview
        </Button>
        {onDuplicate ? (
          <Button variant="ghost" size="sm" onClick={onDuplicate} aria-label={`Copy ${template.name} to your templates`}>
            <Copy /> Copy
          </Button>
        ) : null}
        {onEdit ? (
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${template.name}`}>
            <Pencil /> Edit
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-muted-foreground hover:text-destructive"
            onClick={onDelete}
            aria-label={`Delete ${template.name}`}
          >
            <Trash2 />
          </Button>
        ) : null}
      </div>
    </Card>
  )
}
