import * as api from '@plumbline/contracts/api-paths'
import { Button, toast } from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { Lock, LockOpen } from 'lucide-react'
import { toastError } from '../../../data/errors'
import { useInvalidateEstimate } from '../../../data/queries'
import { useConfirm } from '../common/confirm-dialog'
import { useDetail } from '../detail-context'
import { formatDate } from '../header/estimate-header'

/** Shown while an approved estimate is locked; reopening (after a confirmation) allows edits again. */
export function LockedBanner() {
  const { orgId, estimateId, estimate } = useDetail()
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const { confirm, dialog } = useConfirm()
  const reopen = useMutation({
    mutationFn: () => callApi(api.postEstimatesReopen, { params: { orgId, id: estimateId } }),
    onSuccess: async () => {
      await invalidate.all()
      toast({ title: 'Estimate reopened', description: 'You can edit this estimate again. The client approval is kept on record.' })
    },
    onError: () => toastError('Failed to reopen the estimate. Please try again.'),
  })
  return (
    <div
      role="status"
      data-testid="locked-banner"
      className="flex flex-col gap-3 rounded-xl border border-success/40 bg-success/10 px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
          <Lock className="size-4" aria-hidden="true" />
        </span>
        <div className="text-sm">
          <p className="font-semibold">This estimate is approved and locked</p>
          <p className="text-muted-foreground">
            {estimate.approval?.signerName ? `${estimate.approval.signerName} approved it` : 'It was approved'} on{' '}
            {formatDate(estimate.approval?.decidedAt ?? estimate.lockedAt, true)}. Reopen it to make changes.
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-auto"
        disabled={reopen.isPending}
        onClick={() =>
          confirm({
            title: 'Reopen for editing?',
            description:
              'The estimate will be unlocked so it can be changed. The client’s approval stays on record, but the estimate will no longer show as approved once you edit it.',
            confirmLabel: 'Reopen for editing',
            onConfirm: () => reopen.mutateAsync().catch(() => undefined),
          })
        }
      >
        <LockOpen />
        Reopen for editing
      </Button>
      {dialog}
    </div>
  )
}
