import type { Template } from '@plumbline/contracts'
import { Badge, cn } from '@plumbline/ui'
import { Check, FilePlus2, ListChecks, Rows3 } from 'lucide-react'
import { onRadioGroupKeyDown, PickerAuthRequired, PickerEmpty, PickerError, PickerSkeletons } from '../../components/picker/picker-states'
import { CATEGORY_META, CategoryIcon, groupByCategory, normalizeCategory } from '../../components/template-category/template-category'

/** First 3 section names, then '+N more' (spec 000 §9: a card shows at most 3 names). */
export function sectionPreview(template: Pick<Template, 'sections'>, max = 3): { shown: Template['sections']; more: number } {
  return { shown: template.sections.slice(0, max), more: Math.max(0, template.sections.length - max) }
}

export function lineItemCount(template: Pick<Template, 'sections'>): number {
  return template.sections.reduce((n, s) => n + s.lineItems.length, 0)
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function TemplateOption({ template, selected, onSelect, tabbable }: { template: Template; selected: boolean; onSelect: () => void; tabbable: boolean }) {
  const { shown, more } = sectionPreview(template)
  const meta = CATEGORY_META[normalizeCategory(template.category)]
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      tabIndex={tabbable ? 0 : -1}
      onClick={onSelect}
      className={cn(
        'relative flex flex-1 flex-col gap-2 rounded-lg border bg-card p-3.5 text-left outline-none transition-all',
        'hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/30',
        selected && 'border-primary bg-primary/[0.04] ring-1 ring-primary dark:bg-primary/10',
      )}
    >
      <span className="flex items-start gap-2.5 pr-6">
        <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-md', meta.tint)}>
          <CategoryIcon category={template.category} className="size-4" />
        </span>
        <span className="min-w-0">
          <span className="block text-sm font-semibold leading-tight">{template.name}</span>
          {template.description ? <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground">{template.description}</span> : null}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-1.5">
        {template.isSystemTemplate ? <Badge variant="secondary">System</Badge> : null}
        {template.isDefault ? <Badge variant="info">Default</Badge> : null}
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <Rows3 className="size-3.5" /> {plural(template.sections.length, 'section')}
        </span>
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <ListChecks className="size-3.5" /> {plural(lineItemCount(template), 'line item')}
        </span>
      </span>
      {shown.length ? (
        <span className="flex flex-wrap gap-1" data-testid="template-section-names">
          {shown.map((s) => (
            <span key={s.id} className="max-w-full truncate rounded bg-muted px-1.5 py-0.5 text-[11px] text-muted-foreground">
              {s.name}
            </span>
          ))}
          {more ? <span className="rounded px-1 py-0.5 text-[11px] font-medium text-muted-foreground">+{more} more</span> : null}
        </span>
      ) : null}
      {selected ? (
        <span className="absolute right-2.5 top-2.5 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Check className="size-3.5" />
        </span>
      ) : null}
    </button>
  )
}

/** The optional starting template (create only): grouped by category, with 'Start from Scratch'. */
export function TemplatePicker({
  hasOrganization,
  isLoading,
  error,
  templates,
  value,
  onChange,
}: {
  hasOrganization: boolean
  isLoading: boolean
  error: unknown
  templates: Template[] | undefined
  value: string
  onChange: (templateId: string) => void
}) {
  if (!hasOrganization) return <PickerAuthRequired />
  if (isLoading) return <PickerSkeletons />
  if (error) return <PickerError title="Error loading templates" error={error} />
  const list = templates ?? []
  const groups = groupByCategory(list)
  const anySelected = value !== '' && list.some((t) => t.id === value)
  return (
    <div role="radiogroup" aria-label="Starting template" onKeyDown={onRadioGroupKeyDown} className="space-y-4">
      <button
        type="button"
        role="radio"
        aria-checked={!anySelected}
        tabIndex={!anySelected ? 0 : -1}
        onClick={() => onChange('')}
        className={cn(
          'relative flex w-full items-center gap-3 rounded-lg border border-dashed bg-card p-3.5 text-left outline-none transition-all',
          'hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/30',
          !anySelected && 'border-solid border-primary bg-primary/[0.04] ring-1 ring-primary dark:bg-primary/10',
        )}
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <FilePlus2 className="size-4" />
        </span>
        <span>
          <span className="block text-sm font-semibold">Start from Scratch</span>
          <span className="block text-xs text-muted-foreground">No template: add sections and line items yourself.</span>
        </span>
        {!anySelected ? (
          <span className="absolute right-2.5 top-2.5 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Check className="size-3.5" />
          </span>
        ) : null}
      </button>
      {list.length === 0 ? <PickerEmpty text="No templates available" /> : null}
      {/* Category groups side by side: most categories hold one or two templates. */}
      <div className="grid grid-cols-1 gap-x-3 gap-y-4 sm:grid-cols-2">
        {groups.map((g) => {
          const meta = CATEGORY_META[g.category]
          return (
            <fieldset key={g.category} aria-label={meta.label} className="flex min-w-0 flex-col gap-2">
              <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                <meta.icon className="size-3.5" aria-hidden="true" /> {meta.label}
              </p>
              {g.items.map((t) => (
                <TemplateOption key={t.id} template={t} selected={t.id === value} tabbable={t.id === value} onSelect={() => onChange(t.id)} />
              ))}
            </fieldset>
          )
        })}
      </div>
    </div>
  )
}
