import { formatCurrency } from '@plumbline/contracts/format'
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
  Tabs,
  TabsList,
  TabsTrigger,
} from '@plumbline/ui'
import { parseApiError } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import * as React from 'react'
import { approveEstimate, type PublicEstimate } from '../data'
import { DecisionError } from './decision-error'
import { SignaturePad } from './signature-pad'

export const portalScope = { 'data-plumbline-remote': 'share' } as const

// The approval's schema comes with zod and the contract schemas, most of this remote's weight: a
// visitor who only reads the estimate never needs them, so they load when the dialog opens.
const loadApproveSchema = () => import('@plumbline/contracts').then((m) => m.ZApproveBody)

type Errors = { signerName?: string; signerEmail?: string; consent?: string; signaturePng?: string }

/**
 * Approve: full name, a drawn signature (or the typed name as the signature), an optional e-mail
 * for the signed copy, and explicit consent (ZApproveBody), sent with the reviewed snapshot hash.
 */
export function ApproveDialog({
  token,
  estimate,
  open,
  onOpenChange,
  onDone,
}: {
  token: string
  estimate: PublicEstimate
  open: boolean
  onOpenChange: (open: boolean) => void
  onDone: (result: PublicEstimate) => void
}) {
  const [signerName, setSignerName] = React.useState('')
  const [signerEmail, setSignerEmail] = React.useState('')
  const [mode, setMode] = React.useState<'draw' | 'type'>('draw')
  const [signaturePng, setSignaturePng] = React.useState<string | null>(null)
  const [consent, setConsent] = React.useState(false)
  const [errors, setErrors] = React.useState<Errors>({})
  const approve = useMutation({
    mutationFn: (body: { signerName: string; signerEmail?: string; signaturePng?: string; consent: true }) =>
      approveEstimate(token, { ...body, snapshotSha256: estimate.snapshotSha256 }),
    onSuccess: onDone,
  })
  // Every opening starts afresh.
  const startAfresh = React.useEffectEvent(() => {
    setSignerName('')
    setSignerEmail('')
    setMode('draw')
    setSignaturePng(null)
    setConsent(false)
    setErrors({})
    approve.reset()
  })
  React.useEffect(() => {
    if (!open) return
    startAfresh()
    loadApproveSchema().catch(() => {}) // fetched now; a failure is retried on submit
  }, [open])

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const ZApproveBody = await loadApproveSchema()
    const drawn = mode === 'draw' ? (signaturePng ?? undefined) : undefined
    const parsed = ZApproveBody.safeParse({ signerName, signerEmail, signaturePng: drawn, consent: consent || undefined })
    const next: Errors = {}
    if (mode === 'draw' && !signaturePng) next.signaturePng = 'Please sign in the box, or type your name instead'
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        const k = i.path[0] as keyof Errors
        next[k] ??= i.message
      }
    }
    if (!parsed.success || Object.keys(next).length) return setErrors(next)
    approve.mutate({ signerName: parsed.data.signerName, signerEmail: parsed.data.signerEmail, signaturePng: parsed.data.signaturePng, consent: true })
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !approve.isPending && onOpenChange(o)}>
      <DialogContent className="max-h-[92vh] max-w-md overflow-y-auto" {...portalScope}>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Approve Estimate</DialogTitle>
            <DialogDescription>
              You are approving {estimate.companyName ? `${estimate.companyName}'s` : 'the'} estimate for {estimate.projectName}, a total of{' '}
              {formatCurrency(estimate.totalCost, { whole: true })}.
            </DialogDescription>
          </DialogHeader>
          <FormField id="signer-name" label="Your full name" error={errors.signerName}>
            <Input
              id="signer-name"
              value={signerName}
              onChange={(e) => {
                setSignerName(e.target.value)
                setErrors((x) => ({ ...x, signerName: undefined }))
              }}
              autoComplete="name"
              aria-invalid={!!errors.signerName}
              autoFocus
            />
          </FormField>
          <div className="space-y-2">
            <div className="flex items-center justify-between gap-3">
              <Label>Signature</Label>
              <Tabs value={mode} onValueChange={(v) => setMode(v as 'draw' | 'type')}>
                <TabsList aria-label="How to sign">
                  <TabsTrigger value="draw">Draw</TabsTrigger>
                  <TabsTrigger value="type">Type</TabsTrigger>
                </TabsList>
              </Tabs>
            </div>
            {mode === 'draw' ? (
              <SignaturePad
                invalid={!!errors.signaturePng}
                onChange={(png) => {
                  setSignaturePng(png)
                  setErrors((x) => ({ ...x, signaturePng: undefined }))
                }}
              />
            ) : (
              <p className="rounded-lg border bg-white px-4 py-5 text-center font-serif text-2xl italic text-slate-900" data-testid="typed-signature">
                {signerName.trim() || 'Your name'}
              </p>
            )}
            {errors.signaturePng ? (
              <p role="alert" className="text-[13px] font-medium text-destructive">
                {errors.signaturePng}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">
                {mode === 'draw' ? 'Sign with your finger or mouse.' : 'Your typed name acts as your electronic signature.'}
              </p>
            )}
          </div>
          <FormField id="signer-email" label="Your e-mail (optional)" error={errors.signerEmail} hint="We send your signed copy here.">
            <Input
              id="signer-email"
              type="email"
              value={signerEmail}
              onChange={(e) => {
                setSignerEmail(e.target.value)
                setErrors((x) => ({ ...x, signerEmail: undefined }))
              }}
              autoComplete="email"
              aria-invalid={!!errors.signerEmail}
            />
          </FormField>
          <div className="space-y-2">
            <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
              <Checkbox
                id="approve-consent"
                checked={consent}
                onCheckedChange={(v) => {
                  setConsent(v === true)
                  setErrors((x) => ({ ...x, consent: undefined }))
                }}
                className="mt-0.5"
                aria-invalid={!!errors.consent}
              />
              <Label htmlFor="approve-consent" className="text-sm font-normal leading-snug">
                I have reviewed this estimate and approve it. I understand the final price may change after an on-site inspection.
              </Label>
            </div>
            {errors.consent ? (
              <p role="alert" className="text-[13px] font-medium text-destructive">
                {errors.consent}
              </p>
            ) : null}
          </div>
          {approve.error ? <DecisionError error={approve.error} fallback="We could not record your approval. Please try again." /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={approve.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={approve.isPending} className="bg-success text-white hover:bg-success/90">
              {approve.isPending ? <Spinner className="size-4 text-current" label="Approving" /> : null}
              Approve Estimate
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** The server's message for a refused decision (409: already decided, or changed since loaded). */
export function decisionErrorMessage(error: unknown, fallback: string): { message: string; conflict: boolean } {
  const p = parseApiError(error)
  if (p.status === 404) return { message: 'This estimate link is invalid or has expired.', conflict: false }
  if (p.status && p.status < 500 && p.message && !p.message.startsWith('<')) return { message: p.message, conflict: p.status === 409 }
  return { message: fallback, conflict: false }
}
