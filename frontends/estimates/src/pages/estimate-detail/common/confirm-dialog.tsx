import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner } from '@plumbline/ui'
import * as React from 'react'
import { portalScope } from './portal-scope'

export type ConfirmOptions = {
  title: string
  description: React.ReactNode
  confirmLabel?: string
  destructive?: boolean
  /** May return a promise: the dialog shows progress until it settles. */
  onConfirm: () => unknown
}

/** A confirmation dialog; the confirm button shows progress while its action runs and the dialog closes after. */
export function ConfirmDialog({ options, onClose }: { options: ConfirmOptions | null; onClose: () => void }) {
  const [busy, setBusy] = React.useState(false)
  const run = async () => {
    if (!options) return
    setBusy(true)
    try {
      await options.onConfirm()
    } finally {
      setBusy(false)
      onClose()
    }
  }
  return (
    <Dialog open={!!options} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-md" {...portalScope}>
        <DialogHeader>
          <DialogTitle>{options?.title}</DialogTitle>
          <DialogDescription>{options?.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={options?.destructive ? 'destructive' : 'default'} onClick={() => void run()} disabled={busy}>
            {busy ? <Spinner className="size-4 text-current" label="Working" /> : null}
            {options?.confirmLabel ?? 'Confirm'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Holds one pending confirmation: `confirm({...})` opens it, `dialog` renders it. */
export function useConfirm() {
  const [options, setOptions] = React.useState<ConfirmOptions | null>(null)
  const dialog = <ConfirmDialog options={options} onClose={() => setOptions(null)} />
  return { confirm: setOptions, dialog }
}
