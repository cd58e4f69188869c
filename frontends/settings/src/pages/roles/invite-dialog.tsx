import { type InvitationInput, type Role, ZInvitationInput } from '@plumbline/contracts'
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@plumbline/ui'
import * as React from 'react'
import { fieldMessages } from '../catalog/phase-form'
import { invitationsApi, useInvitationAction } from './roles-api'

/** The role a new teammate gets unless the inviter picks another: Member when it exists. */
const defaultRoleId = (roles: Role[]) => roles.find((r) => r.isSystemRole && r.name === 'Member')?.id ?? roles[0]?.id ?? ''

/**
 * Invite a teammate by e-mail with a role. The contract's schema checks the address
 * before anything is sent; a refusal (already a member, already invited) keeps the dialog open
 * with the server's message in a toast.
 */
export function InviteDialog({ orgId, roles, open, onOpenChange }: { orgId: string; roles: Role[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [draft, setDraft] = React.useState<InvitationInput>({ email: '', roleId: defaultRoleId(roles) })
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const invite = useInvitationAction(
    orgId,
    (input: InvitationInput) => invitationsApi.send(orgId, input),
    'Failed to send the invitation',
    (inv) => `Invitation sent to ${inv.email}. The link is valid for 7 days.`,
  )
  const close = (next: boolean) => {
    if (!next) {
      setDraft({ email: '', roleId: defaultRoleId(roles) })
      setErrors({})
    }
    onOpenChange(next)
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const parsed = ZInvitationInput.safeParse(draft)
    setErrors(fieldMessages(parsed as never))
    if (parsed.success) invite.mutate(parsed.data, { onSuccess: () => close(false) })
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Invite a Teammate</DialogTitle>
          <DialogDescription>We&apos;ll e-mail them a link to join your organization. It works once and expires in 7 days.</DialogDescription>
        </DialogHeader>
        <form id="invite-form" onSubmit={submit} noValidate className="space-y-4">
          <FormField id="invite-email" label="Email" error={errors.email}>
            <Input
              id="invite-email"
              type="email"
              autoComplete="off"
              placeholder="teammate@company.com"
              value={draft.email}
              aria-invalid={!!errors.email}
              onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))}
            />
          </FormField>
          <FormField id="invite-role" label="Role" error={errors.roleId}>
            <Select value={draft.roleId} onValueChange={(roleId) => setDraft((d) => ({ ...d, roleId }))}>
              <SelectTrigger id="invite-role" aria-label="Role">
                <SelectValue placeholder="Choose a role" />
              </SelectTrigger>
              <SelectContent>
                {roles.map((r) => (
                  <SelectItem key={r.id} value={r.id}>
                    {r.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="invite-form" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
