import { formatDate } from '@plumbline/contracts/format'
import { SHARE_LINK_MESSAGES } from '@plumbline/contracts/share-link-text'
import { BrandMark, Button, Card, CompanyLogo, EmptyState, FormField, Input, Skeleton, Spinner } from '@plumbline/ui'
import { parseApiError } from '@plumbline/web'
import { useQueryClient } from '@tanstack/react-query'
import { AlertCircle, Clock, FileQuestion, LockKeyhole, RotateCw, ShieldCheck } from 'lucide-react'
import * as React from 'react'
import { useParams } from 'react-router'
import { type ChangesSinceLastView, type PublicEstimate, publicEstimateKey, setPasscode, usePublicEstimate } from './data'
import { ApproveDialog } from './decision/approve-dialog'
import { DecisionBanner, DecisionCard, DecisionConfirmation } from './decision/decision-panel'
import { DeclineDialog } from './decision/decline-dialog'
import { MessageThread, ReplyNotice, scrollToMessages } from './messages/message-thread'
import { RequestChangesDialog } from './messages/request-changes-dialog'
import { ContentSections } from './sections/content-sections'
import { LineItems } from './sections/line-items'
import { Overview } from './sections/overview'
import { Phases } from './sections/phases'
import { StatusBadge } from './sections/status-badge'
import { TotalCard } from './sections/total-card'
import { UpdatedBanner } from './sections/updated-banner'

const DISCLAIMER =
  'This estimate is based on the information available at the time it was prepared and is provided for planning purposes. Final pricing may change after an on-site inspection, changes in scope, or material price changes.'

function Shell({ estimate, children }: { estimate?: PublicEstimate; children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex min-h-16 max-w-4xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          {estimate ? (
            <div className="flex min-w-0 items-center gap-3">
              {/* The public payload carries the logo's URL; the shared component shows its placeholder when there is none. */}
              <CompanyLogo src={estimate.companyLogo} companyName={estimate.companyName} compact />
              {estimate.companyName ? (
                <span className="truncate text-base font-semibold" data-testid="public-company">
                  {estimate.companyName}
                </span>
              ) : null}
            </div>
          ) : (
            <BrandMark />
          )}
          <span className="flex shrink-0 items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <ShieldCheck className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">Secure estimate link</span>
          </span>
        </div>
      </header>
      {children}
      <footer className="mx-auto flex max-w-4xl items-center justify-center gap-2 px-4 pb-10 text-xs text-muted-foreground">
        Shared with <BrandMark withText={false} className="scale-75" /> Plumbline
      </footer>
    </div>
  )
}

function LoadingState() {
  return (
    <Shell>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6" aria-busy="true" aria-label="Loading estimate">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-36 w-full rounded-xl" />
        <Skeleton className="h-40 w-full rounded-xl" />
        <Skeleton className="h-56 w-full rounded-xl" />
      </main>
    </Shell>
  )
}

/** Spec 001 §2: an invalid or expired link. */
function NotFoundState() {
  return (
    <Shell>
      <main className="flex min-h-[60vh] items-center justify-center px-4 py-10">
        <Card className="w-full max-w-md overflow-hidden">
          <div className="h-1 w-full bg-gradient-to-r from-primary via-primary/60 to-amber" />
          <EmptyState icon={<FileQuestion />} title="Estimate Not Found" description="This estimate link is invalid or has expired." />
        </Card>
      </main>
    </Shell>
  )
}

/** The link's expiry has passed (410): the contractor can extend it. */
function ExpiredState() {
  return (
    <Shell>
      <main className="flex min-h-[60vh] items-center justify-center px-4 py-10">
        <Card className="w-full max-w-md overflow-hidden" data-testid="link-expired">
          <div className="h-1 w-full bg-gradient-to-r from-amber via-primary/60 to-primary" />
          <EmptyState icon={<Clock />} title="This link has expired" description={SHARE_LINK_MESSAGES.expired} />
        </Card>
      </main>
    </Shell>
  )
}

/** A passcode is set (401): asked before anything of the estimate is shown. */
function PasscodeState({ token, wrong, limited, busy, onSubmit }: { token: string; wrong: boolean; limited: boolean; busy: boolean; onSubmit: () => void }) {
  const [value, setValue] = React.useState('')
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!value.trim()) return
    setPasscode(token, value)
    onSubmit()
  }
  const error = limited ? SHARE_LINK_MESSAGES.tooManyAttempts : wrong ? SHARE_LINK_MESSAGES.passcodeWrong : undefined
  return (
    <Shell>
      <main className="flex min-h-[60vh] items-center justify-center px-4 py-10">
        <Card className="w-full max-w-sm" data-testid="passcode-form">
          <form onSubmit={submit} className="grid gap-4 p-6">
            <div className="flex flex-col items-center gap-2 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <LockKeyhole className="size-6" aria-hidden="true" />
              </span>
              <h1 className="text-lg font-semibold">This estimate is protected</h1>
              <p className="text-sm text-muted-foreground">{SHARE_LINK_MESSAGES.passcodeRequired}</p>
            </div>
            <FormField id="share-passcode" label="Passcode" error={error}>
              <Input
                id="share-passcode"
                type="password"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                autoComplete="off"
                autoFocus
                aria-invalid={!!error}
              />
            </FormField>
            <Button type="submit" disabled={busy || !value.trim()}>
              {busy ? <Spinner className="size-4 text-current" label="Checking" /> : null}
              View estimate
            </Button>
          </form>
        </Card>
      </main>
    </Shell>
  )
}

/** /share/:token: the client's read-only estimate, with approve, decline and change requests. */
export function SharedEstimatePage() {
  const { token = '' } = useParams()
  const qc = useQueryClient()
  const query = usePublicEstimate(token)
  const [dialog, setDialog] = React.useState<'approve' | 'decline' | 'changes' | null>(null)
  const [lastSentId, setLastSentId] = React.useState<string | null>(null)
  const [confirmation, setConfirmation] = React.useState<PublicEstimate | null>(null)
  // The server moves the link on to the current version as it answers, so a later read (a
  // refetch, a decision's answer) says nothing changed: the page keeps what the first one said.
  const [changes, setChanges] = React.useState<ChangesSinceLastView | null>(null)
  const reported = query.data?.sinceLastView
  if (reported && reported !== changes) setChanges(reported)

  React.useEffect(() => {
    document.title = query.data ? `${query.data.projectName} · Construction Estimate` : 'Construction Estimate'
  }, [query.data])
  // A change request just sent: show it in the thread, which appears with it.
  React.useEffect(() => {
    if (lastSentId) scrollToMessages()
  }, [lastSentId])

  const onDecided = (result: PublicEstimate) => {
    setDialog(null)
    qc.setQueryData(publicEstimateKey(token), result)
    setConfirmation(result)
    window.scrollTo({ top: 0 })
  }

  if (query.isLoading) return <LoadingState />
  if (query.error || !query.data) {
    const parsed = parseApiError(query.error)
    const status = parsed.status
    const code = (parsed.body as { code?: string } | null)?.code
    if (status === 404 || status === 400 || !token) return <NotFoundState />
    if (status === 410) return <ExpiredState />
    if (status === 401 || (status === 429 && code === 'RATE_LIMITED' && parsed.message === SHARE_LINK_MESSAGES.tooManyAttempts)) {
      return (
        <PasscodeState
          token={token}
          wrong={code === 'PASSCODE_INVALID'}
          limited={status === 429}
          busy={query.isFetching}
          onSubmit={() => void query.refetch()}
        />
      )
    }
    return (
      <Shell>
        <main className="flex min-h-[60vh] items-center justify-center px-4 py-10">
          <Card className="w-full max-w-md">
            <EmptyState
              icon={<AlertCircle />}
              title="We could not load this estimate"
              description={status === 429 ? 'Too many requests. Please wait a moment and try again.' : 'Something went wrong. Please try again in a moment.'}
              action={
                <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
                  <RotateCw />
                  Try again
                </Button>
              }
            />
          </Card>
        </main>
      </Shell>
    )
  }

  const estimate = query.data
  if (confirmation) {
    return (
      <Shell estimate={estimate}>
        <DecisionConfirmation estimate={confirmation} onContinue={() => setConfirmation(null)} />
      </Shell>
    )
  }

  const decided = estimate.approval !== null || estimate.status === 'approved' || estimate.status === 'rejected'
  return (
    <Shell estimate={estimate}>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-sm font-semibold uppercase tracking-[0.14em] text-primary">Construction Estimate</h1>
            <StatusBadge status={estimate.status} />
          </div>
          <p className="break-words text-3xl font-semibold tracking-tight sm:text-4xl" data-testid="public-project-name">
            {estimate.projectName}
          </p>
          <p className="text-sm text-muted-foreground">
            Prepared for {estimate.clientName}
            {estimate.companyName ? ` by ${estimate.companyName}` : ''} · Updated {formatDate(estimate.updatedAt)}
          </p>
        </div>

        {changes ? <UpdatedBanner changes={changes} companyName={estimate.companyName} /> : null}
        {estimate.approval ? <DecisionBanner approval={estimate.approval} /> : null}
        <ReplyNotice token={token} estimate={estimate} />
        <TotalCard estimate={estimate} />
        <Overview estimate={estimate} />
        <ContentSections sections={estimate.contentSections} />
        <Phases phases={estimate.phases} />
        {estimate.sections ? <LineItems sections={estimate.sections} grandTotal={estimate.grandTotal} /> : null}
        <MessageThread token={token} estimate={estimate} lastSentId={lastSentId} />
        {decided ? null : (
          <DecisionCard onApprove={() => setDialog('approve')} onDecline={() => setDialog('decline')} onRequestChanges={() => setDialog('changes')} />
        )}

        <p className="rounded-lg border border-dashed px-4 py-3 text-xs leading-relaxed text-muted-foreground" data-testid="public-disclaimer">
          <span className="font-semibold">Disclaimer: </span>
          {DISCLAIMER}
        </p>
      </main>
      <ApproveDialog token={token} estimate={estimate} open={dialog === 'approve'} onOpenChange={(o) => setDialog(o ? 'approve' : null)} onDone={onDecided} />
      <DeclineDialog token={token} estimate={estimate} open={dialog === 'decline'} onOpenChange={(o) => setDialog(o ? 'decline' : null)} onDone={onDecided} />
      <RequestChangesDialog
        token={token}
        estimate={estimate}
        open={dialog === 'changes'}
        onOpenChange={(o) => setDialog(o ? 'changes' : null)}
        onSent={(comment) => {
          setDialog(null)
          setLastSentId(comment.id)
        }}
      />
    </Shell>
  )
}
