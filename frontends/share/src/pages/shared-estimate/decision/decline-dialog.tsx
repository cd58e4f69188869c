import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, Spinner, Textarea } from '@plumbline/ui'
import { useMutation } from '@tanstack/react-query'
import * as React from 'react'
import { declineEstimate, type PublicEstimate } from '../data'
import { portalScope } from './approve-dialog'
import { DecisionError } from './decision-error'

const MAX_REASON = 2000

/** Decline, with an optional reason for the contractor. */
export function DeclineDialog({
  token,
  estimate,
  open,
  onOpenChange,
  onDone,
}: {
  token: string
  estimate: PublicEstimate
  open: boolean
  onOpenChange: (open: boolean) => void
  onDone: (result: PublicEstimate) => void
}) {
  const [reason, setReason] = React.useState('')
  const reject = useMutation({
    mutationFn: () => declineEstimate(token, { reason: reason.trim() || null, snapshotSha256: estimate.snapshotSha256 }),
    onSuccess: onDone,
  })
  // Every opening starts afresh.
  const startAfresh = React.useEffectEvent(() => {
    setReason('')
    reject.reset()
  })
  React.useEffect(() => {
    if (open) startAfresh()
  }, [open])

  return (
    <Dialog open={open} onOpenChange={(o) => !reject.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-md" {...portalScope}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            reject.mutate()
          }}
          className="grid gap-5"
        >
          <DialogHeader>
            <DialogTitle>Decline Estimate</DialogTitle>
            <DialogDescription>Let {estimate.companyName ?? 'your contractor'} know you are not going ahead with this estimate.</DialogDescription>
          </DialogHeader>
          <FormField id="decline-reason" label="Reason (optional)" hint={`${reason.length}/${MAX_REASON}`}>
            <Textarea
              id="decline-reason"
              value={reason}
              maxLength={MAX_REASON}
              onChange={(e) => setReason(e.target.value)}
              rows={4}
              placeholder="e.g. The budget is higher than planned"
            />
          </FormField>
          {reject.error ? <DecisionError error={reject.error} fallback="We could not record your answer. Please try again." /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={reject.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? <Spinner className="size-4 text-current" label="Declining" /> : null}
              Decline Estimate
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
