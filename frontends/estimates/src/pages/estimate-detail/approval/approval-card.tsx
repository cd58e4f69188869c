import { Card } from '@plumbline/ui'
import { BadgeCheck, Fingerprint, XCircle } from 'lucide-react'
import { useDetail } from '../detail-context'
import { formatDate } from '../header/estimate-header'

/** A short, readable form of the approval snapshot's sha256 (the full value stays in the title). */
export const shortHash = (hash: string | null | undefined) => (hash ? hash.slice(0, 12) : '—')

/** The client's decision on the public page: who, when, and the fingerprint of what they saw. */
export function ApprovalCard() {
  const { estimate } = useDetail()
  const approval = estimate.approval
  if (!approval) return null
  const approved = approval.decision === 'approved'
  return (
    <Card className={approved ? 'border-success/40' : 'border-destructive/40'} data-testid="approval-card">
      <div className="flex items-center gap-2 border-b px-5 py-4">
        {approved ? <BadgeCheck className="size-5 text-success" aria-hidden="true" /> : <XCircle className="size-5 text-destructive" aria-hidden="true" />}
        <h2 className="text-base font-semibold tracking-tight">{approved ? 'Client Approval' : 'Client Declined'}</h2>
      </div>
      <dl className="divide-y px-5 py-1 text-sm">
        {approval.signerName ? (
          <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-2">
            <dt className="text-muted-foreground">Signed by</dt>
            <dd className="font-medium" data-testid="approval-signer">
              {approval.signerName}
            </dd>
          </div>
        ) : null}
        <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-2">
          <dt className="text-muted-foreground">{approved ? 'Approved' : 'Declined'}</dt>
          <dd>{formatDate(approval.decidedAt, true)}</dd>
        </div>
        {!approved ? (
          <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-2">
            <dt className="text-muted-foreground">Reason</dt>
            <dd className="whitespace-pre-wrap break-words">{approval.reason?.trim() || 'No reason given'}</dd>
          </div>
        ) : null}
        <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-2">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <Fingerprint className="size-3.5" aria-hidden="true" />
            Snapshot
          </dt>
          <dd className="font-mono text-xs" title={approval.snapshotSha256 ?? undefined} data-testid="approval-hash">
            {shortHash(approval.snapshotSha256)}
          </dd>
        </div>
      </dl>
    </Card>
  )
}
