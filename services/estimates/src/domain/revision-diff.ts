import {
  type ContentSectionChange,
  DETAIL_DIFF_FIELDS,
  type DetailChange,
  LINE_ITEM_DIFF_FIELDS,
  type LineItemChange,
  PHASE_DIFF_FIELDS,
  type PhaseChange,
  type RevisionDiff,
  type RevisionLineItem,
  type SectionChange,
  type ValueChange,
} from '@plumbline/contracts'

// What changed between two revisions of an estimate. Pure: both sides are what the client could
// see (the share page's content), so the diff can carry nothing else. Sections, line items and
// phases are matched by id, content sections by type; decimals compare as the fixed-scale
// strings the snapshots hold.

export type RevisionPhase = { id: string; name: string; description: string | null; amount: string; percentage: string }
export type RevisionSection = { id: string; name: string; total: string; lineItems: RevisionLineItem[] }

/** The client-visible content of an estimate, as a revision freezes it. */
export type RevisionSnapshot = {
  projectName: string
  clientName: string
  propertyAddress: string
  squareFootage: number | null
  projectType: string | null
  totalCost: string | null
  grandTotal: string | null
  contentSections: { type: string; title: string; content: string }[]
  phases: RevisionPhase[]
  /** null when the organisation does not itemise estimates. */
  sections: RevisionSection[] | null
}

const text = (v: string | number | null | undefined): string | null => (v === null || v === undefined ? null : String(v))

/** Fields of `keys` whose values differ between a and b. */
function changedFields<T extends Record<string, unknown>, K extends keyof T & string>(keys: readonly K[], a: T, b: T): K[] {
  return keys.filter((k) => text(a[k] as string | null) !== text(b[k] as string | null))
}

/**
 * Rows matched by key: the after side in its order (added or changed), then the rows only the
 * before side has (removed), in theirs.
 */
function matchRows<T, C>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (row: T) => string,
  emit: { added: (row: T) => C; removed: (row: T) => C; compared: (a: T, b: T) => C | null },
): C[] {
  const old = new Map(before.map((r) => [keyOf(r), r]))
  const seen = new Set<string>()
  const out: C[] = []
  for (const row of after) {
    const key = keyOf(row)
    seen.add(key)
    const prior = old.get(key)
    const change = prior ? emit.compared(prior, row) : emit.added(row)
    if (change) out.push(change)
  }
  for (const row of before) if (!seen.has(keyOf(row))) out.push(emit.removed(row))
  return out
}

function diffLineItems(before: readonly RevisionLineItem[], after: readonly RevisionLineItem[]): LineItemChange[] {
  return matchRows<RevisionLineItem, LineItemChange>(before, after, (i) => i.id, {
    added: (i) => ({ id: i.id, change: 'added', name: i.name, before: null, after: i, changed: [] }),
    removed: (i) => ({ id: i.id, change: 'removed', name: i.name, before: i, after: null, changed: [] }),
    compared: (a, b) => {
      const changed = changedFields(LINE_ITEM_DIFF_FIELDS, a, b)
      return changed.length ? { id: b.id, change: 'changed', name: b.name, before: a, after: b, changed } : null
    },
  })
}

const sectionHead = (s: RevisionSection) => ({ name: s.name, total: s.total })

function diffSections(before: readonly RevisionSection[], after: readonly RevisionSection[]): SectionChange[] {
  return matchRows<RevisionSection, SectionChange>(before, after, (s) => s.id, {
    added: (s) => ({ id: s.id, change: 'added', name: s.name, before: null, after: sectionHead(s), changed: [], lineItems: diffLineItems([], s.lineItems) }),
    removed: (s) => ({
      id: s.id,
      change: 'removed',
      name: s.name,
      before: sectionHead(s),
      after: null,
      changed: [],
      lineItems: diffLineItems(s.lineItems, []),
    }),
    compared: (a, b) => {
      const changed = changedFields(['name', 'total'] as const, sectionHead(a), sectionHead(b))
      const lineItems = diffLineItems(a.lineItems, b.lineItems)
      if (!changed.length && !lineItems.length) return null
      return { id: b.id, change: 'changed', name: b.name, before: sectionHead(a), after: sectionHead(b), changed, lineItems }
    },
  })
}

function diffContent(before: RevisionSnapshot['contentSections'], after: RevisionSnapshot['contentSections']): ContentSectionChange[] {
  return matchRows<RevisionSnapshot['contentSections'][number], ContentSectionChange>(before, after, (c) => c.type, {
    added: (c) => ({ type: c.type, title: c.title, change: 'added', before: null, after: c.content }),
    removed: (c) => ({ type: c.type, title: c.title, change: 'removed', before: c.content, after: null }),
    compared: (a, b) => (a.content === b.content ? null : { type: b.type, title: b.title, change: 'changed', before: a.content, after: b.content }),
  })
}

function diffPhases(before: readonly RevisionPhase[], after: readonly RevisionPhase[]): PhaseChange[] {
  return matchRows<RevisionPhase, PhaseChange>(before, after, (p) => p.id, {
    added: (p) => ({ id: p.id, change: 'added', name: p.name, before: null, after: p, changed: [] }),
    removed: (p) => ({ id: p.id, change: 'removed', name: p.name, before: p, after: null, changed: [] }),
    compared: (a, b) => {
      const changed = changedFields(PHASE_DIFF_FIELDS, a, b)
      return changed.length ? { id: b.id, change: 'changed', name: b.name, before: a, after: b, changed } : null
    },
  })
}

function diffDetails(before: RevisionSnapshot, after: RevisionSnapshot): DetailChange[] {
  return changedFields(DETAIL_DIFF_FIELDS, before, after).map((field) => ({ field, before: text(before[field]), after: text(after[field]) }))
}

const valueChange = (before: string | null, after: string | null): ValueChange => ({ before, after })

/** What changed from `before` to `after` (either may be the older one). */
export function diffRevisions(before: RevisionSnapshot, after: RevisionSnapshot): RevisionDiff {
  const details = diffDetails(before, after)
  const sections = diffSections(before.sections ?? [], after.sections ?? [])
  const contentSections = diffContent(before.contentSections, after.contentSections)
  const phases = diffPhases(before.phases, after.phases)
  const totalCost = valueChange(before.totalCost, after.totalCost)
  const grandTotal = valueChange(before.grandTotal ?? null, after.grandTotal ?? null)
  const totalsChanged = totalCost.before !== totalCost.after || grandTotal.before !== grandTotal.after
  return {
    changed: totalsChanged || details.length + sections.length + contentSections.length + phases.length > 0,
    details,
    sections,
    contentSections,
    phases,
    totals: { totalCost, grandTotal, changed: totalsChanged },
  }
}
