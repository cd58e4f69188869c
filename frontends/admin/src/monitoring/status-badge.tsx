import { Badge } from '@plumbline/ui'
import { type ShownStatus, STATUS_BADGES, STATUS_LABELS } from './format'

export function StatusBadge({ status, className }: { status: ShownStatus; className?: string }) {
  return (
    <Badge variant={STATUS_BADGES[status]} className={className} data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  )
}
