import { cn, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Progress } from '@plumbline/ui'
import { Check, Loader2 } from 'lucide-react'
import { type FlowMode, type FlowStep, progressValue, statusText, stepLabels, stepState } from './progress-steps'

/** The modal progress dialog: status message, the four steps and a bar (spec 000 §2). */
export function ProgressDialog({ step, mode }: { step: FlowStep; mode: FlowMode }) {
  const open = step > 0
  const labels = stepLabels(mode)
  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        className="max-w-md"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{mode === 'edit' ? 'Updating Your Estimate' : 'Creating Your Estimate'}</DialogTitle>
          <DialogDescription aria-live="polite" data-testid="progress-status">
            {statusText(step, mode)}
          </DialogDescription>
        </DialogHeader>
        <ol className="grid grid-cols-4 gap-2" aria-label="Progress">
          {labels.map((label, i) => {
            const state = stepState(i, step)
            return (
              <li key={label} className="flex flex-col items-center gap-1.5 text-center" aria-current={state === 'current' ? 'step' : undefined}>
                <span
                  className={cn(
                    'flex size-9 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
                    state === 'done' && 'border-success bg-success text-white',
                    state === 'current' && 'border-primary bg-primary/10 text-primary',
                    state === 'pending' && 'border-border text-muted-foreground',
                  )}
                >
                  {state === 'done' ? <Check className="size-4" /> : state === 'current' ? <Loader2 className="size-4 animate-spin" /> : i + 1}
                </span>
                <span className={cn('text-xs font-medium', state === 'pending' ? 'text-muted-foreground' : 'text-foreground')}>
                  {label}
                  <span className="sr-only"> ({state === 'done' ? 'done' : state === 'current' ? 'in progress' : 'pending'})</span>
                </span>
              </li>
            )
          })}
        </ol>
        <Progress value={progressValue(step)} max={100} aria-label="Estimate progress" />
      </DialogContent>
    </Dialog>
  )
}
