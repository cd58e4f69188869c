import { Badge } from '@plumbline/ui'

const STYLES: Record<string, { label: string; variant: 'success' | 'warning' | 'secondary' | 'info' | 'destructive' }> = {
  approved: { label: 'Approved', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  draft: { label: 'Draft', variant: 'secondary' },
  shared: { label: 'Shared', variant: 'info' },
  viewed: { label: 'Viewed', variant: 'info' },
  rejected: { label: 'Declined', variant: 'destructive' },
}

/** Spec 001 §4: unknown statuses are styled as draft. */
export function StatusBadge({ status }: { status: string }) {
  const s = STYLES[status] ?? { label: 'Draft', variant: 'secondary' as const }
  return (
    <Badge variant={s.variant} data-testid="public-status">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-80" />
      {s.label}
    </Badge>
  )
}
