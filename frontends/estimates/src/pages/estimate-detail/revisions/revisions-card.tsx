import type { EstimateRevision, RevisionDiffResult } from '@plumbline/contracts'
import { REVISION_TEXT } from '@plumbline/contracts/estimate-revisions-text'
import { formatCurrency, formatDate, formatDateTime, relativeTime } from '@plumbline/contracts/format'
import { Button, Card, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormField, RevisionChanges, Skeleton } from '@plumbline/ui'
import { useQuery } from '@tanstack/react-query'
import { Eye, GitCompareArrows, Layers, Send } from 'lucide-react'
import * as React from 'react'
import { revisionDiffKey, revisionsKey } from '../../../data/keys'
import { CardLoadFailed } from '../common/card-load-failed'
import { NativeSelect } from '../common/native-select'
import { portalScope } from '../common/portal-scope'
import { useDetail } from '../detail-context'

/** Who froze a revision: the member who sent it, or the client opening the link after an edit. */
const whoOf = (r: EstimateRevision) =>
  r.reason === 'sent' ? `Sent by ${r.actorEmail ?? 'a team member'}` : `${REVISION_TEXT.clientView}: opened after an edit`

/** The total the client saw: the itemised one when there is one. */
const totalOf = (r: EstimateRevision) => ((r.grandTotal ?? r.totalCost) === null ? null : formatCurrency(r.grandTotal ?? r.totalCost))

/** Short enough for the select on a phone: "Revision 2 · client view · Nov 29, 2026". */
const optionLabel = (r: EstimateRevision) => `Revision ${r.number} · ${r.reason === 'sent' ? 'sent' : 'client view'} · ${formatDate(r.createdAt, 'short')}`

type Pair = { from: string; to: string }

/** The diff of the chosen pair, with its own loading and failure states. */
function DiffView({ pair }: { pair: Pair }) {
  const { orgId, estimateId } = useDetail()
  const diff = useQuery<RevisionDiffResult>({ queryKey: revisionDiffKey(orgId, estimateId, pair), staleTime: Number.POSITIVE_INFINITY })
  if (diff.isPending)
    return (
      <div className="space-y-2 py-2" aria-busy="true">
        <span className="sr-only">Loading the changes</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    )
  if (diff.isError) return <CardLoadFailed what="The changes" onRetry={() => void diff.refetch()} busy={diff.isFetching} />
  return <RevisionChanges diff={diff.data.diff} />
}

/** Any two revisions side by side: from (older by default) → to. */
function CompareDialog({
  revisions,
  pair,
  onPairChange,
  onClose,
}: {
  revisions: EstimateRevision[]
  pair: Pair | null
  onPairChange: (p: Pair) => void
  onClose: () => void
}) {
  return (
    <Dialog open={!!pair} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="flex max-h-[90vh] flex-col gap-4 overflow-hidden sm:max-w-2xl" {...portalScope} data-testid="revision-compare">
        <DialogHeader>
          <DialogTitle>What changed</DialogTitle>
          <DialogDescription>What your client sees, compared between two revisions: line items, documentation, phases and totals.</DialogDescription>
        </DialogHeader>
        {pair ? (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField id="revision-from" label="From">
                <NativeSelect id="revision-from" value={pair.from} onChange={(e) => onPairChange({ ...pair, from: e.target.value })}>
                  {revisions.map((r) => (
                    <option key={r.id} value={r.id}>
                      {optionLabel(r)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id="revision-to" label="To">
                <NativeSelect id="revision-to" value={pair.to} onChange={(e) => onPairChange({ ...pair, to: e.target.value })}>
                  {revisions.map((r) => (
                    <option key={r.id} value={r.id}>
                      {optionLabel(r)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            </div>
            <div className="-mx-6 min-h-0 flex-1 overflow-y-auto border-t px-6 pt-4">
              <DiffView pair={pair} />
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function RevisionRow({ revision, previous, onCompare }: { revision: EstimateRevision; previous: EstimateRevision | undefined; onCompare: (p: Pair) => void }) {
  const total = totalOf(revision)
  return (
    <li className="flex items-start gap-3 py-3 text-sm" data-testid="revision" data-reason={revision.reason}>
      <span className="mt-0.5 shrink-0">
        {revision.reason === 'sent' ? (
          <Send className="size-4 text-primary" aria-hidden="true" />
        ) : (
          <Eye className="size-4 text-muted-foreground" aria-hidden="true" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="font-medium">Revision {revision.number}</span>
          {total ? <span className="tabular-nums text-muted-foreground">{total}</span> : null}
        </p>
        <p className="break-words text-xs text-muted-foreground">
          {whoOf(revision)} ·{' '}
          <time dateTime={revision.createdAt} title={formatDateTime(revision.createdAt)}>
            {relativeTime(revision.createdAt)}
          </time>
        </p>
        {previous ? (
          <Button variant="link" size="sm" className="h-auto px-0 text-xs" onClick={() => onCompare({ from: previous.id, to: revision.id })}>
            What changed since revision {previous.number}
          </Button>
        ) : null}
      </div>
    </li>
  )
}

/**
 * What the client could see, frozen at each send and at each view of the link after an edit,
 * newest first, with who and when; any two compared in a dialog. Contractor mode only.
 */
export function RevisionsCard() {
  const { orgId, estimateId, clientView } = useDetail()
  const revisions = useQuery<EstimateRevision[]>({ queryKey: revisionsKey(orgId, estimateId), enabled: !clientView, refetchOnWindowFocus: true })
  const [pair, setPair] = React.useState<Pair | null>(null)
  if (clientView) return null
  const list = revisions.data ?? []
  const [newest, previous] = list
  return (
    <Card data-testid="revisions-card">
      <div className="flex items-center justify-between gap-2 border-b px-5 py-4">
        <h2 className="flex items-center gap-2 text-base font-semibold tracking-tight">
          <Layers className="size-5 text-muted-foreground" aria-hidden="true" />
          Revisions
        </h2>
        {newest && previous ? (
          <Button variant="outline" size="sm" onClick={() => setPair({ from: previous.id, to: newest.id })}>
            <GitCompareArrows />
            Compare
          </Button>
        ) : null}
      </div>
      {revisions.isPending ? (
        <div className="space-y-2 px-5 py-4" aria-busy="true">
          <span className="sr-only">Loading revisions</span>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : revisions.isError && !revisions.data ? (
        <CardLoadFailed what="Revisions" onRetry={() => void revisions.refetch()} busy={revisions.isFetching} />
      ) : list.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted-foreground" data-testid="revisions-empty">
          {REVISION_TEXT.empty}
        </p>
      ) : (
        <ol className="max-h-[24rem] divide-y overflow-y-auto px-5 py-1" aria-label="Revisions, newest first">
          {list.map((r, i) => (
            <RevisionRow key={r.id} revision={r} previous={list[i + 1]} onCompare={setPair} />
          ))}
        </ol>
      )}
      <CompareDialog revisions={list} pair={pair} onPairChange={setPair} onClose={() => setPair(null)} />
    </Card>
  )
}
