import type { Estimate } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Input, Spinner, toast } from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Check, Copy, ExternalLink, Globe, Link2Off, RefreshCw, Share2 } from 'lucide-react'
import { serverMessage, toastError } from '../../../data/errors'
import { estimateKey } from '../../../data/keys'
import { useInvalidateEstimate } from '../../../data/queries'
import { useConfirm } from '../common/confirm-dialog'
import { portalScope } from '../common/portal-scope'
import { useDetail } from '../detail-context'
import { LinkSettings } from './link-settings'
import { useCopyToClipboard } from './use-copy-to-clipboard'

/** Spec 001 §2: the public link has the form /share/{shareToken} on this app's origin. */
export function shareLink(token: string, origin = window.location.origin): string {
  return `${origin}/share/${encodeURIComponent(token)}`
}

/** Enable, copy, regenerate and disable the estimate's public link. */
export function ShareDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { orgId, estimateId, estimate } = useDetail()
  const qc = useQueryClient()
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const { copied, copy } = useCopyToClipboard()
  const { confirm, dialog: confirmDialog } = useConfirm()
  const token = estimate.shareToken
  const link = token ? shareLink(token) : ''

  const setToken = (shareToken: string | null) => {
    qc.setQueryData<Estimate>(estimateKey(orgId, estimateId), (e) => (e ? { ...e, shareToken } : e))
    void invalidate.estimate()
  }
  const requireOrg = () => {
    if (!orgId) {
      toastError('Organization ID not available')
      throw new Error('Organization ID not available')
    }
  }

  const enable = useMutation({
    mutationFn: () => {
      requireOrg()
      return callApi(api.postEstimatesShare, { params: { orgId, id: estimateId } })
    },
    onSuccess: (data) => {
      setToken(data.shareToken)
      toast({ title: 'Sharing enabled', description: 'Anyone with the link can now view this estimate.' })
    },
    onError: (e) => orgId && toastError(serverMessage(e) ?? 'Failed to enable sharing'),
  })
  const regenerate = useMutation({
    mutationFn: () => {
      requireOrg()
      return callApi(api.postEstimatesShare, { params: { orgId, id: estimateId } })
    },
    onSuccess: (data) => {
      setToken(data.shareToken)
      toast({ title: 'New link created', description: 'The previous link no longer works.' })
    },
    onError: (e) => orgId && toastError(serverMessage(e) ?? 'Failed to regenerate the share link'),
  })
  const disable = useMutation({
    mutationFn: () => {
      requireOrg()
      return callApi(api.deleteEstimatesShare, { params: { orgId, id: estimateId } })
    },
    onSuccess: () => {
      setToken(null)
      toast({ title: 'Sharing disabled', description: 'The link no longer works.' })
    },
    onError: (e) => orgId && toastError(serverMessage(e) ?? 'Failed to disable sharing. Please try again.'),
  })
  const busy = enable.isPending || regenerate.isPending || disable.isPending

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" {...portalScope}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Share2 className="size-5 text-primary" aria-hidden="true" />
            Share Estimate
          </DialogTitle>
          <DialogDescription>Share a read-only page of this estimate with {estimate.clientName}. No sign-in is needed to open it.</DialogDescription>
        </DialogHeader>

        {token ? (
          <div className="grid gap-4">
            <div className="flex items-center gap-2 rounded-lg border border-success/30 bg-success/10 px-3 py-2 text-sm">
              <Globe className="size-4 text-success" aria-hidden="true" />
              <span className="font-medium">Sharing is on</span>
              <span className="text-muted-foreground">· anyone with the link can view</span>
            </div>
            <div className="flex gap-2">
              <Input
                readOnly
                value={link}
                aria-label="Share link"
                data-testid="share-link"
                onFocus={(e) => e.currentTarget.select()}
                className="font-mono text-xs"
              />
              <Button onClick={() => void copy(link)} variant={copied ? 'secondary' : 'default'} className="w-28 shrink-0" aria-live="polite">
                {copied ? <Check /> : <Copy />}
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" asChild>
                <a href={link} target="_blank" rel="noreferrer">
                  <ExternalLink />
                  Open
                </a>
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() =>
                  confirm({
                    title: 'Regenerate the link?',
                    description: 'A new link will be created and the current link will stop working immediately. Anyone you sent it to will need the new one.',
                    confirmLabel: 'Regenerate Link',
                    onConfirm: () => regenerate.mutateAsync().catch(() => undefined),
                  })
                }
              >
                {regenerate.isPending ? <Spinner className="size-4 text-current" label="Regenerating" /> : <RefreshCw />}
                Regenerate Link
              </Button>
              <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" disabled={busy} onClick={() => disable.mutate()}>
                {disable.isPending ? <Spinner className="size-4 text-current" label="Disabling" /> : <Link2Off />}
                Disable Sharing
              </Button>
            </div>
            <LinkSettings />
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-muted/30 px-4 py-8 text-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Link2Off className="size-5" aria-hidden="true" />
            </span>
            <div>
              <p className="font-medium">Sharing is off</p>
              <p className="text-sm text-muted-foreground">Create a link your client can open on any device.</p>
            </div>
            <Button onClick={() => enable.mutate()} disabled={busy}>
              {enable.isPending ? <Spinner className="size-4 text-current" label="Enabling" /> : <Globe />}
              Enable Sharing
            </Button>
          </div>
        )}
        {/* Nested inside the share dialog so focus returns here after the confirmation. */}
        {confirmDialog}
      </DialogContent>
    </Dialog>
  )
}
