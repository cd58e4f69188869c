import type { ChangeKind, ContentSectionChange, LineItemChange, PhaseChange, RevisionDiff, RevisionLineItem, SectionChange } from '@plumbline/contracts'
import { DETAIL_FIELD_LABELS, ITEM_FIELD_LABELS, type LineItemDiffField, type PhaseDiffField } from '@plumbline/contracts/estimate-revisions-text'
import { formatCurrency, formatNumber, formatPercent } from '@plumbline/contracts/format'
import { ChevronRight, Minus, Pencil, Plus } from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/utils'
import { Badge } from './badge'
import { RichText } from './rich-text'

// What changed between two revisions of an estimate, as the client's share page and the team's
// detail page both show it: totals before → after first, then the estimate's own fields, the
// itemised sections and their line items, the content sections (both texts), and the phases.

const KIND_LABEL: Record<ChangeKind, string> = { added: 'Added', removed: 'Removed', changed: 'Changed' }
const KIND_VARIANT = { added: 'success', removed: 'destructive', changed: 'info' } as const
const KIND_ICON: Record<ChangeKind, React.ReactNode> = {
  added: <Plus className="size-3.5" aria-hidden="true" />,
  removed: <Minus className="size-3.5" aria-hidden="true" />,
  changed: <Pencil className="size-3" aria-hidden="true" />,
}

function KindBadge({ kind, label }: { kind: ChangeKind; label?: string }) {
  return (
    <Badge variant={KIND_VARIANT[kind]} className="shrink-0 px-2">
      {KIND_ICON[kind]}
      {label ?? KIND_LABEL[kind]}
    </Badge>
  )
}

/** "before → after"; a missing side reads as a dash. */
export function BeforeAfter({ before, after, className }: { before: React.ReactNode; after: React.ReactNode; className?: string }) {
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-1.5 tabular-nums', className)}>
      <span className="text-muted-foreground line-through decoration-muted-foreground/60" data-testid="before">
        {before ?? '—'}
      </span>
      <span aria-hidden="true" className="text-muted-foreground">
        →
      </span>
      <span className="sr-only">changed to</span>
      <span className="font-medium text-foreground" data-testid="after">
        {after ?? '—'}
      </span>
    </span>
  )
}

const money = (v: string | null | undefined) => (v === null || v === undefined ? null : formatCurrency(v))

function itemValue(field: LineItemDiffField, item: RevisionLineItem): string | null {
  switch (field) {
    case 'quantity':
      return `${formatNumber(item.quantity, 3)} ${item.unit}`
    case 'unitCost':
    case 'totalCost':
      return formatCurrency(item[field])
    default:
      return item[field]
  }
}

function phaseValue(field: PhaseDiffField, phase: NonNullable<PhaseChange['after']>): string | null {
  if (field === 'amount') return formatCurrency(phase.amount)
  if (field === 'percentage') return formatPercent(phase.percentage)
  return phase[field]
}

/** "40 lnft × $12.00 = $480.00". */
const itemLine = (i: RevisionLineItem) => `${formatNumber(i.quantity, 3)} ${i.unit} × ${formatCurrency(i.unitCost)} = ${formatCurrency(i.totalCost)}`

/** The fields of a changed row, one per line. */
function FieldChanges<F extends string, R>({ fields, before, after, show }: { fields: F[]; before: R; after: R; show: (f: F, row: R) => string | null }) {
  return (
    <dl className="mt-1 grid gap-0.5 text-xs sm:text-[13px]">
      {fields.map((f) => (
        <div key={f} className="flex flex-wrap items-baseline gap-x-2">
          <dt className="text-muted-foreground">{ITEM_FIELD_LABELS[f as LineItemDiffField | PhaseDiffField]}</dt>
          <dd className="min-w-0 break-words">
            <BeforeAfter before={show(f, before)} after={show(f, after)} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

function ItemChange({ change }: { change: LineItemChange }) {
  const shown = change.after ?? change.before
  // A new unit shows in the quantity's line ("20 sqft → 24 lnft"): no line of its own.
  const fields: LineItemDiffField[] =
    change.changed.includes('quantity') || !change.changed.includes('unit')
      ? change.changed.filter((f) => f !== 'unit')
      : change.changed.map((f) => (f === 'unit' ? 'quantity' : f))
  return (
    <li className="py-2" data-testid="changed-item" data-change={change.change}>
      <div className="flex items-start justify-between gap-3">
        <span className={cn('min-w-0 break-words font-medium', change.change === 'removed' && 'text-muted-foreground line-through')}>{change.name}</span>
        <KindBadge kind={change.change} />
      </div>
      {change.change === 'changed' && change.before && change.after ? (
        <FieldChanges fields={fields} before={change.before} after={change.after} show={itemValue} />
      ) : shown ? (
        <p className={cn('mt-0.5 text-xs tabular-nums text-muted-foreground', change.change === 'removed' && 'line-through')}>{itemLine(shown)}</p>
      ) : null}
    </li>
  )
}

function SectionChangeView({ change }: { change: SectionChange }) {
  const totalMoved = change.before && change.after && change.before.total !== change.after.total
  return (
    <section className="rounded-lg border" data-testid="changed-section" data-change={change.change}>
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b bg-muted/40 px-3 py-2">
        <h4 className="min-w-0 break-words font-semibold">
          {change.changed.includes('name') && change.before ? <BeforeAfter before={change.before.name} after={change.name} /> : change.name}
        </h4>
        {change.change === 'changed' ? (
          totalMoved ? (
            <BeforeAfter before={money(change.before?.total)} after={money(change.after?.total)} className="text-xs" />
          ) : null
        ) : (
          <KindBadge kind={change.change} label={change.change === 'added' ? 'New section' : 'Section removed'} />
        )}
      </header>
      {change.lineItems.length ? (
        <ul className="divide-y px-3">
          {change.lineItems.map((i) => (
            <ItemChange key={i.id} change={i} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function ContentChange({ change }: { change: ContentSectionChange }) {
  return (
    <details className="group rounded-lg border" data-testid="changed-content" data-change={change.change}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-3 py-2 [&::-webkit-details-marker]:hidden">
        <span className="flex min-w-0 items-center gap-1.5 font-medium">
          <ChevronRight className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden="true" />
          <span className="break-words">{change.title}</span>
        </span>
        <KindBadge kind={change.change} label={change.change === 'changed' ? 'Edited' : undefined} />
      </summary>
      <div className="grid gap-3 border-t px-3 py-3 text-sm md:grid-cols-2">
        {change.before !== null ? (
          <div className="min-w-0">
            <p className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">Before</p>
            <RichText text={change.before} collapsible className="text-muted-foreground" />
          </div>
        ) : null}
        {change.after !== null ? (
          <div className="min-w-0">
            <p className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{change.before === null ? 'Added' : 'After'}</p>
            <RichText text={change.after} collapsible />
          </div>
        ) : null}
      </div>
    </details>
  )
}

function PhaseChangeView({ change }: { change: PhaseChange }) {
  return (
    <li className="py-2" data-testid="changed-phase" data-change={change.change}>
      <div className="flex items-start justify-between gap-3">
        <span className={cn('min-w-0 break-words font-medium', change.change === 'removed' && 'text-muted-foreground line-through')}>{change.name}</span>
        <KindBadge kind={change.change} />
      </div>
      {change.change === 'changed' && change.before && change.after ? (
        <FieldChanges fields={change.changed} before={change.before} after={change.after} show={phaseValue} />
      ) : null}
    </li>
  )
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-2">
      <h3 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{title}</h3>
      {children}
    </div>
  )
}

/** The totals that moved, before → after. */
function TotalsChange({ totals }: { totals: RevisionDiff['totals'] }) {
  const rows = [
    { key: 'totalCost', label: 'Total estimated cost', value: totals.totalCost },
    { key: 'grandTotal', label: 'Itemized total', value: totals.grandTotal },
  ].filter((r) => r.value.before !== r.value.after)
  if (!rows.length) return null
  return (
    <dl className="grid gap-1.5 rounded-lg bg-primary/5 px-3 py-2.5 ring-1 ring-primary/15" data-testid="changed-totals">
      {rows.map((r) => (
        <div key={r.key} className="flex flex-wrap items-baseline justify-between gap-x-3" data-testid={`changed-${r.key}`}>
          <dt className="text-muted-foreground">{r.label}</dt>
          <dd>
            <BeforeAfter before={money(r.value.before)} after={money(r.value.after)} className="text-base" />
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** What changed between two revisions; "No changes" when the client would see the same estimate. */
export function RevisionChanges({ diff, className }: { diff: RevisionDiff; className?: string }) {
  if (!diff.changed) return <p className={cn('text-sm text-muted-foreground', className)}>No changes: both show your client the same estimate.</p>
  return (
    <div className={cn('space-y-5 text-sm', className)} data-testid="revision-changes">
      <TotalsChange totals={diff.totals} />
      {diff.details.length ? (
        <Group title="Project">
          <dl className="grid gap-1">
            {diff.details.map((d) => (
              <div key={d.field} className="flex flex-wrap items-baseline gap-x-2">
                <dt className="text-muted-foreground">{DETAIL_FIELD_LABELS[d.field]}</dt>
                <dd className="min-w-0 break-words">
                  <BeforeAfter before={d.before} after={d.after} />
                </dd>
              </div>
            ))}
          </dl>
        </Group>
      ) : null}
      {diff.sections.length ? (
        <Group title="Line items">
          {diff.sections.map((s) => (
            <SectionChangeView key={s.id} change={s} />
          ))}
        </Group>
      ) : null}
      {diff.contentSections.length ? (
        <Group title="Project documentation">
          {diff.contentSections.map((c) => (
            <ContentChange key={c.type} change={c} />
          ))}
        </Group>
      ) : null}
      {diff.phases.length ? (
        <Group title="Phases">
          <ul className="divide-y rounded-lg border px-3">
            {diff.phases.map((p) => (
              <PhaseChangeView key={p.id} change={p} />
            ))}
          </ul>
        </Group>
      ) : null}
    </div>
  )
}

/** How many things changed, for a summary line ("3 changes"). */
export function countRevisionChanges(diff: RevisionDiff): number {
  const items = diff.sections.reduce((n, s) => n + Math.max(1, s.lineItems.length), 0)
  return items + diff.details.length + diff.contentSections.length + diff.phases.length
}
