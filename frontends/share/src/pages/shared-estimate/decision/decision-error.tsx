import { Button } from '@plumbline/ui'
import { useQueryClient } from '@tanstack/react-query'
import { AlertCircle, RotateCw } from 'lucide-react'
import { publicEstimatesPrefix } from '../data'
import { decisionErrorMessage } from './approve-dialog'

/** A refused decision, inline in its dialog; after a conflict the client can reload the latest version. */
export function DecisionError({ error, fallback }: { error: unknown; fallback: string }) {
  const qc = useQueryClient()
  const { message, conflict } = decisionErrorMessage(error, fallback)
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="space-y-2">
        <p>{message}</p>
        {conflict ? (
          <Button type="button" variant="outline" size="sm" onClick={() => void qc.invalidateQueries({ queryKey: publicEstimatesPrefix() })}>
            <RotateCw />
            Reload estimate
          </Button>
        ) : null}
      </div>
    </div>
  )
}
