import { Button } from '@plumbline/ui'
import { AlertCircle, RotateCw } from 'lucide-react'

/** A detail card whose query failed with nothing to show yet: says what, and offers Retry. */
export function CardLoadFailed({ what, onRetry, busy }: { what: string; onRetry: () => void; busy: boolean }) {
  return (
    <div className="flex flex-col items-start gap-2 px-5 py-4 text-sm" role="alert">
      <p className="flex items-center gap-2 text-destructive">
        <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
        {what} could not be loaded.
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={busy}>
        <RotateCw />
        Retry
      </Button>
    </div>
  )
}
