import type { EstimateComment } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { COMMENT_LIMITS, COMMENT_MESSAGES, COMMENT_POLL_MS } from '@plumbline/contracts/estimate-comments-text'
import { formatDateTime, relativeTime } from '@plumbline/contracts/format'
import { Button, Card, cn, Skeleton, Spinner, Textarea, toast } from '@plumbline/ui'
import { callApi, parseApiError, useCan } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertCircle, Mail, MessageSquareText, Send } from 'lucide-react'
import * as React from 'react'
import { serverMessage } from '../../../data/errors'
import { commentsKey } from '../../../data/keys'
import { CardLoadFailed } from '../common/card-load-failed'
import { useDetail } from '../detail-context'

/** Why a reply was refused, in words for the contractor: the field's rule or the link's state. */
function replyErrorMessage(error: unknown): string {
  const p = parseApiError(error)
  const field = (p.body as { errors?: { field: string; message: string }[] } | null)?.errors?.find((e) => e.field === 'body')
  if (p.status === 400 && field) return field.message
  return serverMessage(error) ?? 'The reply could not be sent. Please try again.'
}

function Message({ comment, clientName }: { comment: EstimateComment; clientName: string }) {
  const fromClient = comment.author === 'client'
  return (
    <li className="space-y-1.5 py-3" data-testid="client-message" data-author={comment.author}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
        <span className={cn('font-semibold', fromClient ? 'text-amber-700 dark:text-amber-300' : 'text-foreground')}>
          {fromClient ? clientName : (comment.authorEmail ?? 'Your team')}
        </span>
        <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
          {relativeTime(comment.createdAt)}
        </time>
      </p>
      <p
        className={cn(
          'whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
          fromClient ? 'border border-amber-300/60 bg-amber-50 dark:border-amber-500/30 dark:bg-amber-500/10' : 'bg-muted/60',
        )}
      >
        {comment.body}
      </p>
      {fromClient ? null : (
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <Mail className="size-3" aria-hidden="true" />
          {comment.mailedTo.length ? `E-mailed to ${comment.mailedTo.join(', ')}` : 'Not e-mailed: no client e-mail. Your client sees it on the link.'}
        </p>
      )}
    </li>
  )
}

/** The reply box: one Idempotency-Key per reply written, so a retried click never mails twice. */
function ReplyForm({ clientName }: { clientName: string }) {
  const { orgId, estimateId } = useDetail()
  const qc = useQueryClient()
  const [text, setText] = React.useState('')
  const [problem, setProblem] = React.useState<string | null>(null)
  const idempotencyKey = React.useRef(crypto.randomUUID())
  const reply = useMutation({
    mutationFn: (body: string) =>
      callApi(api.postEstimatesComments, { params: { orgId, id: estimateId }, body: { body }, headers: { 'Idempotency-Key': idempotencyKey.current } }),
    onSuccess: (comment) => {
      qc.setQueryData<EstimateComment[]>(commentsKey(orgId, estimateId), (old) => [...(old ?? []).filter((c) => c.id !== comment.id), comment])
      idempotencyKey.current = crypto.randomUUID()
      setText('')
      toast({
        variant: 'success',
        title: 'Reply sent',
        description: comment.mailedTo.length ? `E-mailed to ${comment.mailedTo.join(', ')}.` : 'Your client sees it on the link.',
      })
    },
  })
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const trimmed = text.trim()
    const local = !trimmed ? COMMENT_MESSAGES.bodyRequired : trimmed.length > COMMENT_LIMITS.body ? COMMENT_MESSAGES.bodyTooLong : null
    setProblem(local)
    if (!local) reply.mutate(text)
  }
  const error = problem ?? (reply.error ? replyErrorMessage(reply.error) : null)
  return (
    <form onSubmit={submit} className="grid gap-2 border-t px-5 py-4" noValidate>
      <label htmlFor="client-reply" className="text-sm font-medium">
        Reply to {clientName}
      </label>
      <Textarea
        id="client-reply"
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          idempotencyKey.current = crypto.randomUUID()
        }}
        maxLength={COMMENT_LIMITS.body + 200}
        rows={3}
        placeholder="Your reply is e-mailed to your client and shown on the share link."
        aria-invalid={!!error}
        aria-describedby={error ? 'client-reply-error' : undefined}
      />
      {error ? (
        <p id="client-reply-error" role="alert" className="flex items-start gap-1.5 text-sm text-destructive">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? <Spinner className="size-3.5 text-current" label="Sending" /> : <Send />}
          Send reply
        </Button>
      </div>
    </form>
  )
}

/**
 * The client's change requests from the share link and the team's replies, oldest first, asked
 * again while the page is open. Contractor mode only. Replying needs the share permission and a
 * live link (the client reads replies there).
 */
export function ClientMessagesCard() {
  const { orgId, estimateId, estimate, clientView } = useDetail()
  const canReply = useCan('cost_estimator', 'share')
  const thread = useQuery<EstimateComment[]>({
    queryKey: commentsKey(orgId, estimateId),
    enabled: !clientView,
    refetchInterval: COMMENT_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  })
  if (clientView) return null
  const list = thread.data ?? []
  const requests = list.filter((c) => c.author === 'client').length
  return (
    <Card data-testid="client-messages">
      <div className="flex items-center justify-between gap-2 border-b px-5 py-4">
        <h2 className="flex items-center gap-2 text-base font-semibold tracking-tight">
          <MessageSquareText className="size-5 text-muted-foreground" aria-hidden="true" />
          Client Messages
        </h2>
        {requests ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
            {requests} {requests === 1 ? 'request' : 'requests'}
          </span>
        ) : null}
      </div>
      {thread.isPending ? (
        <div className="space-y-2 px-5 py-4" aria-busy="true">
          <span className="sr-only">Loading messages</span>
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : thread.isError && !thread.data ? (
        <CardLoadFailed what="Messages" onRetry={() => void thread.refetch()} busy={thread.isFetching} />
      ) : list.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted-foreground" data-testid="client-messages-empty">
          No messages yet. When your client asks for changes on the share link, their message shows here and you can reply.
        </p>
      ) : (
        <ol className="max-h-[28rem] divide-y overflow-y-auto px-5 py-1" aria-label="Messages with the client">
          {list.map((c) => (
            <Message key={c.id} comment={c} clientName={estimate.clientName} />
          ))}
        </ol>
      )}
      {!canReply || thread.isPending || (thread.isError && !thread.data) ? null : estimate.shareToken ? (
        <ReplyForm clientName={estimate.clientName} />
      ) : list.length ? (
        <p className="border-t px-5 py-3 text-xs text-muted-foreground">Share the estimate again to reply: your client reads replies on the link.</p>
      ) : null}
    </Card>
  )
}
