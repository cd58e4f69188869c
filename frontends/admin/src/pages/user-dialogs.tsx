import type { AdminUser } from '@plumbline/contracts'
import { ADMIN_MESSAGES } from '@plumbline/contracts/admin-messages'
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Input, toast } from '@plumbline/ui'
import { Copy } from 'lucide-react'
import * as React from 'react'
import { serverMessage, useAdminOrganizations, useDeleteUser, useUpdateMembership } from '../api'
import { OrganizationRoleFields } from './organization-role-fields'

export const COPY_FAILED = 'Unable to copy password to clipboard.'

const fullName = (user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email

/** The generated password, shown once: closing the dialog forgets it. */
export function TemporaryPasswordDialog({ shown, onClose }: { shown: { email: string; password: string } | null; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown?.password ?? '')
      toast({ variant: 'success', title: 'Copied', description: 'The temporary password is on the clipboard.' })
    } catch {
      toast({ variant: 'destructive', title: 'Copy Failed', description: COPY_FAILED })
    }
  }
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Temporary Password</DialogTitle>
          <DialogDescription>Give this password to {shown?.email}. It is shown only once; they must choose a new one when they sign in.</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          <Input readOnly aria-label="Temporary password" value={shown?.password ?? ''} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" variant="outline" onClick={copy}>
            <Copy />
            Copy
          </Button>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const remove = useDeleteUser()
  const confirm = () => {
    if (!user) return
    remove.mutate(user.id, {
      onSuccess: () => {
        toast({ variant: 'success', title: 'User deleted', description: `${user.email} can no longer sign in.` })
        onClose()
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Deletion Failed', description: serverMessage(error, 'The user could not be deleted.') }),
    })
  }
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete User</DialogTitle>
          <DialogDescription>
            Delete {user ? fullName(user) : ''} ({user?.email})? They are signed out at once and cannot sign in again.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

export function EditMembershipDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const organizations = useAdminOrganizations()
  const update = useUpdateMembership()
  const [organizationId, setOrganizationId] = React.useState('')
  const [roleId, setRoleId] = React.useState('')
  const [error, setError] = React.useState<string | null>(null)

  React.useEffect(() => {
    setOrganizationId(user?.organizations[0]?.organizationId ?? '')
    setRoleId('')
    setError(null)
  }, [user])

  const save = (event: React.FormEvent) => {
    event.preventDefault()
    if (!user) return
    if (!organizationId || !roleId) {
      setError(ADMIN_MESSAGES.membershipIncomplete)
      return
    }
    update.mutate(
      { userId: user.id, organizationId, roleId },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Membership updated', description: `${user.email} now belongs to the chosen organization.` })
          onClose()
        },
        onError: (err) => toast({ variant: 'destructive', title: 'Update Failed', description: serverMessage(err, 'The membership could not be updated.') }),
      },
    )
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit User Membership</DialogTitle>
          <DialogDescription>{user?.email} will belong to this organization with this role.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={save} className="grid gap-4">
          <OrganizationRoleFields
            idPrefix="membership"
            organizations={organizations.data ?? []}
            organizationId={organizationId}
            roleId={roleId}
            onChange={(org, role) => {
              setOrganizationId(org)
              setRoleId(role)
              setError(null)
            }}
          />
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export { fullName }
