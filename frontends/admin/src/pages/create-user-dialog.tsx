import type { AdminCreateUserBody, AdminCreateUserResponse } from '@plumbline/contracts'
import { ADMIN_MESSAGES } from '@plumbline/contracts/admin-messages'
import { Button, Checkbox, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Input, Label, toast } from '@plumbline/ui'
import * as React from 'react'
import { serverMessage, useAdminOrganizations, useCreateUser } from '../api'
import { OrganizationRoleFields } from './organization-role-fields'

type FormState = Required<Omit<AdminCreateUserBody, 'organizationId' | 'roleId'>> & { organizationId: string; roleId: string }

const EMPTY: FormState = {
  mode: 'generate',
  email: '',
  firstName: '',
  lastName: '',
  password: '',
  confirmPassword: '',
  requirePasswordReset: true,
  organizationId: '',
  roleId: '',
}

type FieldErrors = Partial<Record<keyof FormState, string>>

/**
 * The server's schema, loaded with zod when the dialog first opens rather than with the users
 * list (it is most of the remote's weight otherwise).
 */
const loadSchema = () => import('@plumbline/contracts').then((m) => m.ZAdminCreateUserBody)

/** The same schema as the server's, so the dialog shows the spec's three password texts. */
async function validate(form: FormState): Promise<{ body?: AdminCreateUserBody; errors: FieldErrors }> {
  const parsed = (await loadSchema()).safeParse({
    ...form,
    password: form.mode === 'custom' ? form.password : undefined,
    confirmPassword: form.mode === 'custom' ? form.confirmPassword : undefined,
    organizationId: form.organizationId || undefined,
    roleId: form.organizationId ? form.roleId || undefined : undefined,
  })
  if (parsed.success) return { body: parsed.data, errors: {} }
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FormState
    errors[field] ??= field === 'email' && !form.email.trim() ? ADMIN_MESSAGES.emailRequired : issue.message
  }
  return { errors }
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null
}

/** Create User (spec 001 §2, §3, §4): generated or custom password, optional organisation and role. */
export function CreateUserDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (reply: AdminCreateUserResponse, email: string) => void
}) {
  const [form, setForm] = React.useState<FormState>(EMPTY)
  const [errors, setErrors] = React.useState<FieldErrors>({})
  const organizations = useAdminOrganizations()
  const create = useCreateUser()
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }))

  React.useEffect(() => {
    if (open) void loadSchema()
    else {
      setForm(EMPTY)
      setErrors({})
    }
  }, [open])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const { body, errors: found } = await validate(form)
    setErrors(found)
    if (!body) return
    create.mutate(body, {
      onSuccess: (reply) => {
        onOpenChange(false)
        onCreated(reply, body.email)
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Creation Failed', description: serverMessage(error, 'The user could not be created.') }),
    })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create User</DialogTitle>
          <DialogDescription>Add an account; without an organisation the user gets one of their own.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="create-email">Email</Label>
            <Input id="create-email" type="email" value={form.email} onChange={(e) => set('email', e.target.value)} aria-invalid={!!errors.email} />
            <FieldError id="create-email-error" message={errors.email} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="create-first-name">First Name</Label>
              <Input id="create-first-name" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="create-last-name">Last Name</Label>
              <Input id="create-last-name" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Password</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="password-mode" checked={form.mode === 'generate'} onChange={() => set('mode', 'generate')} />
              Generate a temporary password
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="password-mode" checked={form.mode === 'custom'} onChange={() => set('mode', 'custom')} />
              Set a custom password
            </label>
          </fieldset>
          {form.mode === 'custom' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="create-password">Password</Label>
                <Input
                  id="create-password"
                  type="password"
                  autoComplete="new-password"
                  value={form.password}
                  onChange={(e) => set('password', e.target.value)}
                />
                <FieldError id="create-password-error" message={errors.password} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="create-confirm-password">Confirm Password</Label>
                <Input
                  id="create-confirm-password"
                  type="password"
                  autoComplete="new-password"
                  value={form.confirmPassword}
                  onChange={(e) => set('confirmPassword', e.target.value)}
                />
                <FieldError id="create-confirm-error" message={errors.confirmPassword} />
              </div>
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            <Checkbox id="create-require-reset" checked={form.requirePasswordReset} onCheckedChange={(v) => set('requirePasswordReset', v === true)} />
            <Label htmlFor="create-require-reset">Require password reset at first sign-in</Label>
          </div>
          <OrganizationRoleFields
            idPrefix="create"
            organizations={organizations.data ?? []}
            organizationId={form.organizationId}
            roleId={form.roleId}
            allowNone
            onChange={(organizationId, roleId) => setForm((f) => ({ ...f, organizationId, roleId }))}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
