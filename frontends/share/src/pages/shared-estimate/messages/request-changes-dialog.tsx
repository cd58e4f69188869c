import { COMMENT_LIMITS } from '@plumbline/contracts/estimate-comments-text'
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, Spinner, Textarea } from '@plumbline/ui'
import { AlertCircle, Send } from 'lucide-react'
import * as React from 'react'
import type { PublicComment, PublicEstimate } from '../data'
import { portalScope } from '../decision/approve-dialog'
import { commentErrorMessage, localProblem, useSendComment } from './send-comment'

/** "Request changes": the client writes what they would like changed; the contractor is told and replies on this page. */
export function RequestChangesDialog({
  token,
  estimate,
  open,
  onOpenChange,
  onSent,
}: {
  token: string
  estimate: PublicEstimate
  open: boolean
  onOpenChange: (open: boolean) => void
  onSent: (comment: PublicComment) => void
}) {
  const [message, setMessage] = React.useState('')
  const [problem, setProblem] = React.useState<string | null>(null)
  const send = useSendComment(token, onSent)
  // Every opening starts afresh.
  const startAfresh = React.useEffectEvent(() => {
    setMessage('')
    setProblem(null)
    send.reset()
  })
  React.useEffect(() => {
    if (open) startAfresh()
  }, [open])

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const local = localProblem(message)
    setProblem(local)
    if (!local) send.mutate(message)
  }
  const company = estimate.companyName ?? 'your contractor'

  return (
    <Dialog open={open} onOpenChange={(o) => !send.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-lg" {...portalScope}>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Request changes</DialogTitle>
            <DialogDescription>Tell {company} what you would like changed. They are notified and reply on this page.</DialogDescription>
          </DialogHeader>
          <FormField id="change-request" label="Your message" error={problem ?? undefined} hint={`${message.trim().length}/${COMMENT_LIMITS.body}`}>
            <Textarea
              id="change-request"
              value={message}
              maxLength={COMMENT_LIMITS.body + 200}
              onChange={(e) => setMessage(e.target.value)}
              rows={6}
              autoFocus
              aria-invalid={!!problem}
              placeholder="e.g. Could the gutters be copper instead of aluminium?"
            />
          </FormField>
          {send.error ? (
            <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {commentErrorMessage(send.error)}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Spinner className="size-4 text-current" label="Sending" /> : <Send />}
              Send request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
