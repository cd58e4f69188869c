import { COMMENT_LIMITS } from '@plumbline/contracts/estimate-comments-text'
import { formatDateTime, relativeTime } from '@plumbline/contracts/format'
import { Button, Card, cn, Skeleton, Spinner, Textarea } from '@plumbline/ui'
import { AlertCircle, CheckCircle2, MessageSquareReply, MessageSquareText, RotateCw, Send } from 'lucide-react'
import * as React from 'react'
import { type PublicComment, type PublicEstimate, usePublicComments } from '../data'
import { commentErrorMessage, localProblem, useSendComment } from './send-comment'

export const MESSAGES_ID = 'messages'

/** Brings the thread into view (after a message is sent, or from the reply notice). */
export const scrollToMessages = () => document.getElementById(MESSAGES_ID)?.scrollIntoView?.({ block: 'start' })

function Message({ comment, company }: { comment: PublicComment; company: string }) {
  const mine = comment.author === 'client'
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')} data-testid="thread-message" data-author={comment.author}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed',
          mine ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border bg-muted/60',
        )}
      >
        <p className="whitespace-pre-wrap break-words">{comment.body}</p>
      </div>
      <p className="px-1 text-xs text-muted-foreground">
        <span className="font-medium">{mine ? 'You' : company}</span> ·{' '}
        <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
          {relativeTime(comment.createdAt)}
        </time>
      </p>
    </li>
  )
}

/** A follow-up from the client, under the thread. */
function Composer({ token, onSent }: { token: string; onSent: (comment: PublicComment) => void }) {
  const [text, setText] = React.useState('')
  const [problem, setProblem] = React.useState<string | null>(null)
  const send = useSendComment(token, (comment) => {
    setText('')
    onSent(comment)
  })
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const local = localProblem(text)
    setProblem(local)
    if (!local) send.mutate(text)
  }
  const error = problem ?? (send.error ? commentErrorMessage(send.error) : null)
  return (
    <form onSubmit={submit} className="grid gap-2 border-t px-5 py-4 sm:px-6" noValidate>
      <label htmlFor="thread-message" className="sr-only">
        Write a message
      </label>
      <Textarea
        id="thread-message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={COMMENT_LIMITS.body + 200}
        rows={3}
        placeholder="Write a message…"
        aria-invalid={!!error}
        aria-describedby={error ? 'thread-message-error' : undefined}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {error ? (
          <p id="thread-message-error" role="alert" className="flex items-center gap-1.5 text-sm text-destructive">
            <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
            {error}
          </p>
        ) : (
          <span />
        )}
        <Button type="submit" size="sm" disabled={send.isPending}>
          {send.isPending ? <Spinner className="size-3.5 text-current" label="Sending" /> : <Send />}
          Send
        </Button>
      </div>
    </form>
  )
}

function ThreadCard({ company, children }: { company: string; children: React.ReactNode }) {
  return (
    <section id={MESSAGES_ID} aria-labelledby="messages-heading" className="scroll-mt-6">
      <Card className="overflow-hidden" data-testid="public-thread">
        <div className="flex items-start gap-3 border-b px-5 py-4 sm:px-6">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <MessageSquareText className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id="messages-heading" className="text-base font-semibold">
              Messages
            </h2>
            <p className="text-sm text-muted-foreground">Your change requests and {company}'s replies.</p>
          </div>
        </div>
        {children}
      </Card>
    </section>
  )
}

/**
 * The conversation about this estimate: the client's change requests and the contractor's
 * replies, with a box for a follow-up. Shown once there is a message (the Request changes
 * button starts one); loading and a failed load have their own states.
 */
export function MessageThread({ token, estimate, lastSentId }: { token: string; estimate: PublicEstimate; lastSentId: string | null }) {
  const comments = usePublicComments(token, true)
  const [sentId, setSentId] = React.useState<string | null>(null)
  const company = estimate.companyName ?? 'Your contractor'
  const justSent = sentId ?? lastSentId

  if (comments.isLoading) {
    return (
      <ThreadCard company={company}>
        <div className="space-y-3 px-5 py-5 sm:px-6" aria-busy="true">
          <span className="sr-only">Loading messages</span>
          <Skeleton className="ml-auto h-12 w-2/3 rounded-2xl" />
          <Skeleton className="h-12 w-1/2 rounded-2xl" />
        </div>
      </ThreadCard>
    )
  }
  if (comments.error && !comments.data) {
    return (
      <ThreadCard company={company}>
        <div className="flex flex-col items-start gap-3 px-5 py-5 text-sm sm:px-6" role="alert">
          <p className="flex items-center gap-2 text-destructive">
            <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
            We could not load your messages.
          </p>
          <Button variant="outline" size="sm" onClick={() => void comments.refetch()} disabled={comments.isFetching}>
            <RotateCw />
            Try again
          </Button>
        </div>
      </ThreadCard>
    )
  }
  const list = comments.data ?? []
  if (list.length === 0) return null
  return (
    <ThreadCard company={company}>
      <ol className="space-y-4 px-5 py-5 sm:px-6" aria-label="Messages">
        {list.map((c) => (
          <Message key={c.id} comment={c} company={company} />
        ))}
      </ol>
      {justSent && list.at(-1)?.id === justSent ? (
        <p role="status" className="flex items-center gap-2 px-5 pb-4 text-sm text-success sm:px-6" data-testid="message-sent">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          Sent. {company} has been notified.
        </p>
      ) : null}
      <Composer token={token} onSent={(c) => setSentId(c.id)} />
    </ThreadCard>
  )
}

/** At the top of the page when the contractor's reply is the latest message: the client came back for it. */
export function ReplyNotice({ token, estimate }: { token: string; estimate: PublicEstimate }) {
  const comments = usePublicComments(token, true)
  if (comments.data?.at(-1)?.author !== 'contractor') return null
  return (
    <button
      type="button"
      onClick={scrollToMessages}
      data-testid="reply-notice"
      className="flex w-full items-center gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 text-left text-sm transition-colors hover:bg-primary/10 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
    >
      <MessageSquareReply className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <span className="min-w-0">
        <span className="font-semibold">{estimate.companyName ?? 'Your contractor'} replied to your message.</span>{' '}
        <span className="text-primary underline-offset-4 hover:underline">Read the reply</span>
      </span>
    </button>
  )
}
