import { ErrorBoundary, toast } from '@plumbline/ui'
import * as React from 'react'
import { loadRemoteComponent } from './registry'

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

const LOAD_FAILED = 'The estimate form could not be loaded. Please try again in a moment.'
const reportLoadFailure = () => toast({ variant: 'destructive', title: 'Error', description: LOAD_FAILED })

/**
 * The create-estimate dialog over the current screen (spec 000 §5: the dashboard's New Estimate
 * opens it in place). It lives in the estimates remote (exposed as ./CreateEstimateDialog) and is
 * loaded on the first click only. A dead remote costs a toast, never the dashboard: the load and
 * the dialog's own rendering are both caught, and the next click tries again.
 */
export function useCreateEstimateDialog(): { open: () => void; loading: boolean; element: React.ReactNode } {
  const [Dialog, setDialog] = React.useState<React.ComponentType<DialogProps> | null>(null)
  const [isOpen, setOpen] = React.useState(false)
  const [loading, setLoading] = React.useState(false)
  const [failures, setFailures] = React.useState(0)

  const open = React.useCallback(() => {
    if (Dialog) return setOpen(true)
    setLoading(true)
    loadRemoteComponent<DialogProps>('estimates', 'CreateEstimateDialog', failures > 0)
      .then((Comp) => {
        // A component in state must be wrapped, or React would call it as an updater.
        setDialog(() => Comp)
        setOpen(true)
      })
      .catch((err: unknown) => {
        console.error('[plumbline] the create-estimate dialog failed to load', err)
        setFailures((n) => n + 1)
        reportLoadFailure()
      })
      .finally(() => setLoading(false))
  }, [Dialog, failures])

  const element = Dialog ? (
    <ErrorBoundary
      resetKey={failures}
      fallback={() => (
        <DialogCrashed
          onCrash={() => {
            setDialog(null)
            setOpen(false)
            setFailures((n) => n + 1)
          }}
        />
      )}
    >
      <Dialog open={isOpen} onOpenChange={setOpen} />
    </ErrorBoundary>
  ) : null
  return { open, loading, element }
}

/** Reports a dialog that threw while rendering, then unmounts it so the next click loads it afresh. */
function DialogCrashed({ onCrash }: { onCrash: () => void }) {
  React.useEffect(() => {
    reportLoadFailure()
    onCrash()
  }, [onCrash])
  return null
}
