import type { ReminderSettings } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { defaultSendSubject, REMINDER_DEFAULTS } from '@plumbline/contracts/estimate-sending-text'
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  Spinner,
  Textarea,
  toast,
} from '@plumbline/ui'
import { callApi, parseApiError } from '@plumbline/web'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import * as React from 'react'
import { serverMessage, toastError } from '../../../data/errors'
import { estimateKey, revisionsKey, timelineKey } from '../../../data/keys'
import { portalScope } from '../common/portal-scope'
import { useDetail } from '../detail-context'
import { shareSettingsKey } from '../share-dialog/link-settings'
import { ReminderFields } from './reminder-fields'

type Fields = 'to' | 'cc' | 'subject' | 'message'
type Errors = Partial<Record<Fields, string>>

export const MESSAGE_MAX = 5000

/** "a@x.com, b@y.com; c@z.com" → the addresses, as typed (the server lower-cases and checks them). */
export const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean)

// The request's schema comes with zod and the contract schemas: loaded when the dialog opens.
const loadSchema = () => import('@plumbline/contracts').then((m) => m.ZSendEstimateBody)

/** Field errors of a zod or problem+json answer, one per field ("to.2" counts for "to"). */
function errorsOf(issues: { field: string; message: string }[]): Errors {
  const out: Errors = {}
  for (const i of issues) {
    const field = i.field.split('.')[0] as Fields
    if (['to', 'cc', 'subject', 'message'].includes(field)) out[field] ??= i.message
  }
  return out
}

/**
 * Send the estimate by e-mail from the app: to (prefilled with the client's e-mail), cc, subject,
 * a personal message, the PDF and the follow-up reminders (the company's default). Sending turns the share link on. One Idempotency-Key per
 * opening, so a retried click never sends twice.
 */
export function SendDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { orgId, estimateId, estimate, settings } = useDetail()
  const qc = useQueryClient()
  const [to, setTo] = React.useState('')
  const [cc, setCc] = React.useState('')
  const [subject, setSubject] = React.useState('')
  const [message, setMessage] = React.useState('')
  const [attachPdf, setAttachPdf] = React.useState(true)
  const [reminders, setReminders] = React.useState<ReminderSettings>({ ...REMINDER_DEFAULTS })
  const [errors, setErrors] = React.useState<Errors>({})
  const idempotencyKey = React.useRef('')

  const send = useMutation({
    mutationFn: (body: { to: string[]; cc: string[]; subject: string; message?: string; attachPdf: boolean; reminders: ReminderSettings }) =>
      callApi(api.postEstimatesSend, { params: { orgId, id: estimateId }, body, headers: { 'Idempotency-Key': idempotencyKey.current } }),
    onSuccess: (result) => {
      toast({ variant: 'success', title: 'Estimate sent', description: `Sent to ${[...result.to, ...result.cc].join(', ')}.` })
      void qc.invalidateQueries({ queryKey: estimateKey(orgId, estimateId), exact: true })
      void qc.invalidateQueries({ queryKey: timelineKey(orgId, estimateId) })
      void qc.invalidateQueries({ queryKey: revisionsKey(orgId, estimateId) })
      void qc.invalidateQueries({ queryKey: shareSettingsKey(orgId, estimateId) })
      onOpenChange(false)
    },
    onError: (err) => {
      const p = parseApiError(err)
      const issues = (p.body as { errors?: { field: string; message: string }[] } | null)?.errors
      if (p.status === 400 && issues?.length) return setErrors(errorsOf(issues))
      toastError(serverMessage(err) ?? 'Failed to send the estimate. Please try again.', p.status === 429 ? 'Too many sends' : 'Error')
    },
  })

  const startAfresh = React.useEffectEvent(() => {
    setTo(estimate.clientEmail ?? '')
    setCc('')
    setSubject(defaultSendSubject(estimate.projectName, settings?.companyName?.trim() || null))
    setMessage('')
    setAttachPdf(true)
    setReminders({ ...(settings?.reminders ?? REMINDER_DEFAULTS) })
    setErrors({})
    send.reset()
    idempotencyKey.current = crypto.randomUUID()
  })
  React.useEffect(() => {
    if (!open) return
    startAfresh()
    loadSchema().catch(() => {}) // fetched now; a failure is retried on submit
  }, [open])

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const ZSendEstimateBody = await loadSchema()
    const body = { to: splitAddresses(to), cc: splitAddresses(cc), subject, message: message || undefined, attachPdf, reminders }
    const parsed = ZSendEstimateBody.safeParse(body)
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))))
    setErrors({})
    send.mutate(body)
  }
  const edit = (field: Fields, set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    set(e.target.value)
    setErrors((x) => ({ ...x, [field]: undefined }))
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !send.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-lg" {...portalScope}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Send Estimate</DialogTitle>
            <DialogDescription>
              Your client gets a branded e-mail with a button to the estimate{estimate.shareToken ? '' : ' (sharing is turned on)'}.
            </DialogDescription>
          </DialogHeader>
          <FormField id="send-to" label="To" error={errors.to} hint="Separate several addresses with commas.">
            <Input id="send-to" value={to} onChange={edit('to', setTo)} type="email" multiple autoComplete="email" aria-invalid={!!errors.to} autoFocus />
          </FormField>
          <FormField id="send-cc" label="Cc (optional)" error={errors.cc}>
            <Input id="send-cc" value={cc} onChange={edit('cc', setCc)} type="email" multiple aria-invalid={!!errors.cc} />
          </FormField>
          <FormField id="send-subject" label="Subject" error={errors.subject}>
            <Input id="send-subject" value={subject} onChange={edit('subject', setSubject)} aria-invalid={!!errors.subject} />
          </FormField>
          <FormField
            id="send-message"
            label="Message (optional)"
            error={errors.message}
            action={
              <span className={message.length > MESSAGE_MAX ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
                {message.length.toLocaleString('en-US')}/{MESSAGE_MAX.toLocaleString('en-US')}
              </span>
            }
          >
            <Textarea
              id="send-message"
              rows={5}
              value={message}
              onChange={edit('message', setMessage)}
              placeholder="Thanks for your time today. Here is the estimate we discussed."
              aria-invalid={!!errors.message}
            />
          </FormField>
          <div className="flex items-center gap-3">
            <Checkbox id="send-attach-pdf" checked={attachPdf} onCheckedChange={(v) => setAttachPdf(v === true)} />
            <Label htmlFor="send-attach-pdf" className="text-sm font-normal">
              Attach the estimate as a PDF
            </Label>
          </div>
          <ReminderFields id="send" value={reminders} onChange={setReminders} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Spinner className="size-4 text-current" label="Sending" /> : <Send />}
              Send Estimate
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
