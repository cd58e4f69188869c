import type { Invitation } from '@plumbline/contracts'
import { Badge, Button, Skeleton } from '@plumbline/ui'
import { useBlockedReason } from '@plumbline/web'
import { useQuery } from '@tanstack/react-query'
import { Send, X } from 'lucide-react'
import * as React from 'react'
import { CatalogError } from '../catalog/catalog-states'
import { ConfirmDialog } from '../catalog/confirm-dialog'
import { invitationsApi, invitationsKey, useInvitationAction } from './roles-api'

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })

/**
 * Invitations sent and not yet accepted: resend mails a new link with seven more days
 * (the old link stops working), revoke kills the link. Expired ones stay listed so they can be
 * resent. Under the Team card's member list.
 */
export function InvitationsList({ orgId }: { orgId: string }) {
  const invitations = useQuery<Invitation[]>({ queryKey: invitationsKey(orgId) })
  const resendBlocked = useBlockedReason('team', 'create', 'send invitations')
  const revokeBlocked = useBlockedReason('team', 'delete', 'revoke invitations')
  const [revoking, setRevoking] = React.useState<Invitation | null>(null)
  const resend = useInvitationAction(
    orgId,
    (inv: Invitation) => invitationsApi.resend(orgId, inv.id),
    'Failed to resend the invitation',
    (inv) => `A new link was sent to ${inv.email}.`,
  )
  const revoke = useInvitationAction(
    orgId,
    (inv: Invitation) => invitationsApi.revoke(orgId, inv.id),
    'Failed to revoke the invitation',
    (_r, inv) => `The invitation to ${inv.email} was revoked.`,
  )

  if (invitations.isError && !invitations.data) return <CatalogError what="invitations" error={invitations.error} onRetry={() => void invitations.refetch()} />
  if (!invitations.data) return <Skeleton className="h-12 w-full" />
  return (
    <section aria-label="Pending invitations" className="space-y-2">
      <h3 className="text-sm font-semibold">Pending Invitations</h3>
      {invitations.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No pending invitations. Invite a teammate to give them access.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Invitations">
          {invitations.data.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="truncate">{inv.email}</span>
                  <Badge variant="secondary">{inv.roleName}</Badge>
                  {inv.status === 'expired' ? <Badge variant="destructive">Expired</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  Sent {day(inv.sentAt)}
                  {inv.invitedBy ? ` by ${inv.invitedBy}` : ''} · {inv.status === 'expired' ? 'expired' : 'expires'} {day(inv.expiresAt)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!!resendBlocked || resend.isPending}
                  title={resendBlocked}
                  onClick={() => resend.mutate(inv)}
                  aria-label={`Resend the invitation to ${inv.email}`}
                >
                  <Send aria-hidden="true" /> Resend
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!!revokeBlocked}
                  title={revokeBlocked}
                  onClick={() => setRevoking(inv)}
                  aria-label={`Revoke the invitation to ${inv.email}`}
                >
                  <X aria-hidden="true" /> Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke the invitation to ${revoking?.email ?? ''}?`}
        confirmLabel="Revoke Invitation"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking, { onSuccess: () => setRevoking(null) })}
      >
        <p>The link in their e-mail stops working. You can invite them again later.</p>
      </ConfirmDialog>
    </section>
  )
}
