import type { Member, Role } from '@plumbline/contracts'
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@plumbline/ui'
import { useAuth, useBlockedReason } from '@plumbline/web'
import { useQuery } from '@tanstack/react-query'
import { UserMinus, UserPlus } from 'lucide-react'
import * as React from 'react'
import { CatalogError, CatalogSkeleton } from '../catalog/catalog-states'
import { ConfirmDialog } from '../catalog/confirm-dialog'
import { InvitationsList } from './invitations-list'
import { InviteDialog } from './invite-dialog'
import { membersApi, membersKey, useMemberAction } from './roles-api'

const nameOf = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email
const joined = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })

/**
 * Settings › Roles › Team (the spec is silent): who is in the organisation, with their
 * role (changed in place) and a Remove button; Invite Member and the pending invitations below. The server keeps the last Owner and lets only
 * Owners make or unmake Owners; its messages are shown as they come.
 */
export function MembersSection({ orgId, roles }: { orgId: string; roles: Role[] }) {
  const members = useQuery<Member[]>({ queryKey: membersKey(orgId) })
  const me = useAuth().user?.id
  const editBlocked = useBlockedReason('team', 'edit', 'change roles')
  const deleteBlocked = useBlockedReason('team', 'delete', 'remove members')
  const inviteBlocked = useBlockedReason('team', 'create', 'invite members')
  const [removing, setRemoving] = React.useState<Member | null>(null)
  const [inviting, setInviting] = React.useState(false)
  const change = useMemberAction(
    orgId,
    (v: { member: Member; roleId: string }) => membersApi.changeRole(orgId, v.member.userId, v.roleId),
    'Failed to change the role',
    (m) => `${nameOf(m)} is now ${m.roleName}.`,
  )
  const remove = useMemberAction(
    orgId,
    (m: Member) => membersApi.remove(orgId, m.userId),
    'Failed to remove the member',
    (_r, m) => `${nameOf(m)} was removed from the organization.`,
  )

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>Team</CardTitle>
          <CardDescription>Everyone in your organization and the role they hold. A change applies on their next action.</CardDescription>
        </div>
        <Button size="sm" disabled={!!inviteBlocked} title={inviteBlocked} onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" /> Invite Member
        </Button>
      </CardHeader>
      <CardContent className="space-y-6">
        {members.isError && !members.data ? (
          <CatalogError what="members" error={members.error} onRetry={() => void members.refetch()} />
        ) : !members.data ? (
          <CatalogSkeleton />
        ) : (
          <ul className="divide-y" aria-label="Members">
            {members.data.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">
                    {nameOf(m)} {m.userId === me ? <span className="text-xs font-normal text-muted-foreground">(you)</span> : null}
                  </p>
                  <p className="truncate text-sm text-muted-foreground">
                    {m.email} · joined {joined(m.joinedAt)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Select value={m.roleId} disabled={!!editBlocked || change.isPending} onValueChange={(roleId) => change.mutate({ member: m, roleId })}>
                    <SelectTrigger className="w-40" aria-label={`Role of ${nameOf(m)}`} title={editBlocked}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {roles.map((r) => (
                        <SelectItem key={r.id} value={r.id}>
                          {r.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={!!deleteBlocked}
                    title={deleteBlocked}
                    onClick={() => setRemoving(m)}
                    aria-label={`Remove ${nameOf(m)}`}
                  >
                    <UserMinus aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <InvitationsList orgId={orgId} />
      </CardContent>
      <InviteDialog orgId={orgId} roles={roles} open={inviting} onOpenChange={setInviting} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing ? nameOf(removing) : ''}?`}
        confirmLabel="Remove Member"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing, { onSuccess: () => setRemoving(null) })}
      >
        <p>They lose access to this organization at once. Their account and their other organizations stay.</p>
      </ConfirmDialog>
    </Card>
  )
}
