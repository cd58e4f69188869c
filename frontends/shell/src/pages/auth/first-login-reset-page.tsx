import { MIN_PASSWORD_LENGTH } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { Button, FormField, Spinner, toast } from '@plumbline/ui/light'
import { callApi, useRefreshUser } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { ShieldAlert } from 'lucide-react'
import * as React from 'react'
import { useNavigate } from 'react-router'
import { AuthLayout } from './auth-layout'
import { forcedResetErrorMessage } from './messages'
import { PasswordInput } from './password-input'

/** Forced change of a temporary password (spec 000 §5: length and match only, reported as toasts). */
export function FirstLoginResetPage() {
  const navigate = useNavigate()
  const refreshUser = useRefreshUser()
  const [newPassword, setNewPassword] = React.useState('')
  const [confirmPassword, setConfirmPassword] = React.useState('')

  const reset = useMutation({
    mutationFn: async (pw: string) => {
      await callApi(api.postResetTemporaryPassword, { body: { newPassword: pw } })
    },
    onSuccess: async () => {
      toast({ title: 'Password Updated', description: 'Your password has been changed successfully.' })
      await refreshUser()
      navigate('/', { replace: true })
    },
    onError: (err) => toast({ title: 'Reset Failed', description: forcedResetErrorMessage(err), variant: 'destructive' }),
  })

  function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      toast({ title: 'Password Too Short', description: 'Password must be at least 8 characters long.', variant: 'destructive' })
      return
    }
    if (newPassword !== confirmPassword) {
      toast({ title: "Passwords Don't Match", description: 'Please ensure both password fields match.', variant: 'destructive' })
      return
    }
    reset.mutate(newPassword)
  }

  return (
    <AuthLayout
      icon={<ShieldAlert className="size-5" />}
      title="Set a new password"
      description="You signed in with a temporary password. Please choose a new password to continue."
    >
      <form noValidate className="space-y-5" onSubmit={onSubmit}>
        <FormField id="newPassword" label="New Password" hint="At least 8 characters.">
          <PasswordInput
            id="newPassword"
            autoComplete="new-password"
            placeholder="Enter a new password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </FormField>
        <FormField id="confirmPassword" label="Confirm Password">
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            placeholder="Repeat the new password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? (
            <>
              <Spinner className="size-4 text-current" label="Updating" /> Updating...
            </>
          ) : (
            'Update Password'
          )}
        </Button>
      </form>
    </AuthLayout>
  )
}
