import { formatDateTime } from '@plumbline/contracts/format'
import { Button, Card } from '@plumbline/ui'
import { BadgeCheck, CheckCircle2, Fingerprint, MessageSquarePlus, ThumbsDown, XCircle } from 'lucide-react'
import type { PublicEstimate } from '../data'
import { shortHash } from '../lib/format'

/** The recorded decision (approved or declined) shown at the top of the page. */
export function DecisionBanner({ approval }: { approval: NonNullable<PublicEstimate['approval']> }) {
  const approved = approval.decision === 'approved'
  return (
    <div
      role="status"
      data-testid="public-decision"
      className={
        approved
          ? 'flex items-start gap-3 rounded-xl border border-success/40 bg-success/10 p-4'
          : 'flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4'
      }
    >
      {approved ? (
        <BadgeCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      ) : (
        <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      )}
      <div className="min-w-0 text-sm">
        <p className="font-semibold">{approved ? `Approved by ${approval.signerName ?? 'the client'}` : 'You declined this estimate'}</p>
        <p className="text-muted-foreground">
          {approved ? 'Approved' : 'Declined'} on {formatDateTime(approval.decidedAt)}
          {approval.snapshotSha256 ? (
            <span className="ml-1 inline-flex items-center gap-1 font-mono text-xs">
              · <Fingerprint className="size-3" aria-hidden="true" /> {shortHash(approval.snapshotSha256)}
            </span>
          ) : null}
        </p>
        {!approved && approval.reason ? <p className="mt-1 whitespace-pre-wrap break-words">“{approval.reason}”</p> : null}
      </div>
    </div>
  )
}

/** Approve, ask for changes or decline, offered until the client has decided. */
export function DecisionCard({ onApprove, onDecline, onRequestChanges }: { onApprove: () => void; onDecline: () => void; onRequestChanges: () => void }) {
  return (
    <Card className="overflow-hidden">
      <div className="h-1 w-full bg-gradient-to-r from-success via-primary/60 to-amber" />
      {/* Three actions need the width of a large screen beside the text; below it they go under it. */}
      <div className="flex flex-col gap-4 p-5 sm:p-6 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 className="text-base font-semibold">Ready to move forward?</h2>
          <p className="text-sm text-muted-foreground">
            Approve the estimate to let your contractor know, ask for changes, or decline it with an optional note.
          </p>
        </div>
        <div className="flex shrink-0 flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDecline}>
            <ThumbsDown />
            Decline
          </Button>
          <Button variant="outline" onClick={onRequestChanges}>
            <MessageSquarePlus />
            Request changes
          </Button>
          <Button onClick={onApprove} className="bg-success text-white hover:bg-success/90">
            <CheckCircle2 />
            Approve Estimate
          </Button>
        </div>
      </div>
    </Card>
  )
}

/** The screen right after the decision: clearly done, with the recorded time and reference. */
export function DecisionConfirmation({ estimate, onContinue }: { estimate: PublicEstimate; onContinue: () => void }) {
  const approval = estimate.approval
  const approved = approval?.decision === 'approved'
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md overflow-hidden text-center" data-testid="decision-confirmation">
        <div className={approved ? 'h-1.5 w-full bg-success' : 'h-1.5 w-full bg-destructive'} />
        <div className="flex flex-col items-center gap-4 px-6 py-10">
          <span
            className={
              approved
                ? 'flex size-16 items-center justify-center rounded-full bg-success/15 text-success'
                : 'flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive'
            }
          >
            {approved ? <BadgeCheck className="size-9" aria-hidden="true" /> : <XCircle className="size-9" aria-hidden="true" />}
          </span>
          <div className="space-y-1.5">
            <h1 className="text-2xl font-semibold tracking-tight">{approved ? 'Estimate approved' : 'Estimate declined'}</h1>
            <p className="text-sm text-muted-foreground">
              {approved
                ? `Thank you, ${approval?.signerName ?? ''}. ${estimate.companyName ?? 'Your contractor'} has been notified and will be in touch about next steps.`
                : `${estimate.companyName ?? 'Your contractor'} has been notified. Thank you for letting them know.`}
            </p>
          </div>
          <dl className="w-full divide-y rounded-lg border text-left text-sm">
            <div className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="text-muted-foreground">Project</dt>
              <dd className="truncate font-medium">{estimate.projectName}</dd>
            </div>
            <div className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="text-muted-foreground">{approved ? 'Approved on' : 'Declined on'}</dt>
              <dd className="font-medium" data-testid="decision-time">
                {formatDateTime(approval?.decidedAt)}
              </dd>
            </div>
            {approval?.snapshotSha256 ? (
              <div className="flex justify-between gap-4 px-4 py-2.5">
                <dt className="text-muted-foreground">Reference</dt>
                <dd className="font-mono text-xs" title={approval.snapshotSha256}>
                  {shortHash(approval.snapshotSha256)}
                </dd>
              </div>
            ) : null}
          </dl>
          <Button variant="outline" onClick={onContinue}>
            View estimate
          </Button>
        </div>
      </Card>
    </div>
  )
}
