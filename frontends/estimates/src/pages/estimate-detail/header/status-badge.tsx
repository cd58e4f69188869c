import { Badge } from '@plumbline/ui'

type Variant = 'success' | 'warning' | 'secondary' | 'info' | 'destructive'
const STATUS_STYLES: Record<string, { label: string; variant: Variant }> = {
  approved: { label: 'Approved', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  draft: { label: 'Draft', variant: 'secondary' },
  shared: { label: 'Shared', variant: 'info' },
  viewed: { label: 'Viewed', variant: 'info' },
  rejected: { label: 'Rejected', variant: 'destructive' },
}

/** Spec 001 §4: an unknown status is styled as draft (its own name is still shown). */
export function statusStyle(status: string | null | undefined): { label: string; variant: Variant } {
  const known = status ? STATUS_STYLES[status] : undefined
  if (known) return known
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Draft'
  return { label, variant: STATUS_STYLES.draft.variant }
}

export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const s = statusStyle(status)
  return (
    <Badge variant={s.variant} className={className} data-testid="estimate-status">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-80" />
      {s.label}
    </Badge>
  )
}
