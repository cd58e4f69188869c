import { cn } from '@plumbline/ui'

// Spec 001 §4: approved, pending, draft, shared, rejected (and viewed from the share link);
// an unknown value is styled as draft.
const STYLES: Record<string, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-500/15 dark:text-slate-300 dark:ring-slate-400/25' },
  pending: { label: 'Pending', className: 'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400/25' },
  shared: { label: 'Shared', className: 'bg-blue-50 text-blue-700 ring-blue-600/20 dark:bg-blue-500/15 dark:text-blue-300 dark:ring-blue-400/25' },
  viewed: { label: 'Viewed', className: 'bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-500/15 dark:text-violet-300 dark:ring-violet-400/25' },
  approved: {
    label: 'Approved',
    className: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-400/25',
  },
  rejected: { label: 'Rejected', className: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-400/25' },
}

export function statusStyle(status: string | null | undefined): { key: string; label: string; className: string } {
  const key = status && STYLES[status] ? status : 'draft'
  return { key, ...STYLES[key] }
}

export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const s = statusStyle(status)
  return (
    <span
      data-status={s.key}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        s.className,
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-70" />
      {s.label}
    </span>
  )
}
