import { allocationStatus } from '@plumbline/contracts'
import { cn } from '@plumbline/ui'
import { AlertTriangle, CheckCircle2 } from 'lucide-react'

const pct = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** The words of the estimate's budget card (spec 001 §4) for a group's default percentages. */
export function allocationText(percentages: number[]): { text: string; state: 'balanced' | 'over' | 'under' } {
  const s = allocationStatus(percentages)
  if (s.balanced) return { text: `Balanced: ${pct(s.allocated)}% allocated`, state: 'balanced' }
  if (s.over) return { text: `Over-allocated by ${pct(s.difference)}% (${pct(s.allocated)}% allocated)`, state: 'over' }
  return { text: `${pct(-s.difference)}% unallocated (${pct(s.allocated)}% allocated)`, state: 'under' }
}

export function AllocationStatus({ percentages }: { percentages: number[] }) {
  const { text, state } = allocationText(percentages)
  return (
    <p
      role="status"
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1 text-xs font-medium',
        state === 'balanced' ? 'border-success/30 bg-success/10' : state === 'over' ? 'border-destructive/30 bg-destructive/10' : 'border-amber/40 bg-amber/15',
      )}
    >
      {state === 'balanced' ? (
        <CheckCircle2 className="size-3.5 text-success" aria-hidden="true" />
      ) : (
        <AlertTriangle className={cn('size-3.5', state === 'over' ? 'text-destructive' : 'text-amber-foreground dark:text-amber')} aria-hidden="true" />
      )}
      {text}
    </p>
  )
}
