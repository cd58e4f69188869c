import * as api from '@plumbline/contracts/api-paths'
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  toast,
} from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { Check, ChevronDown } from 'lucide-react'
import { reportMutationError } from '../../../data/errors'
import { useInvalidateEstimate } from '../../../data/queries'
import { portalScope } from '../common/portal-scope'
import { useDetail } from '../detail-context'
import { statusStyle } from './status-badge'

/** Statuses a contractor may set by hand (ZManualStatus). */
const MANUAL_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const

export function StatusMenu() {
  const { orgId, estimateId, estimate } = useDetail()
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const mutation = useMutation({
    mutationFn: (status: (typeof MANUAL_STATUSES)[number]) => callApi(api.patchEstimatesStatus, { params: { orgId, id: estimateId }, body: { status } }),
    onSuccess: (_data, status) => {
      toast({ title: 'Status updated', description: `The estimate is now ${statusStyle(status).label.toLowerCase()}.` })
      void invalidate.all()
    },
    onError: (error) => reportMutationError(error, 'Failed to update status', () => void invalidate.estimate()),
  })
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={mutation.isPending} aria-label="Change status">
          <span className="hidden sm:inline">Status</span>
          <span className="sm:hidden">{statusStyle(estimate.status).label}</span>
          <ChevronDown className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48" {...portalScope}>
        <DropdownMenuLabel>Set status</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {MANUAL_STATUSES.map((s) => (
          <DropdownMenuItem key={s} onSelect={() => s !== estimate.status && mutation.mutate(s)}>
            <Check className={estimate.status === s ? 'opacity-100' : 'opacity-0'} aria-hidden="true" />
            {statusStyle(s).label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
