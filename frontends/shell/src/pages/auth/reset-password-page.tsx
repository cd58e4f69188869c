import * as api from '@plumbline/contracts/api-paths'
import { Button, FormField, Spinner } from '@plumbline/ui/light'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { CheckCircle2, LockKeyhole } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { AuthLayout, FormAlert, showError } from './auth-layout'
import { RESET_MESSAGES, resetErrorMessage } from './messages'
import { PasswordInput } from './password-input'
import { deferredResolver, prefetchValidation } from './validation'

export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [error, setError] = React.useState<string | null>(null)
  const [done, setDone] = React.useState(false)
  const form = useForm({ resolver: deferredResolver('resetPasswordResolver'), defaultValues: { password: '', confirmPassword: '' } })
  const { errors } = form.formState
  const reset = useMutation({
    mutationFn: async (password: string) => {
      await callApi(api.postResetPassword, { body: { token, password } })
    },
    onSuccess: () => setDone(true),
    onError: (err) => showError(setError, 'Reset Failed', resetErrorMessage(err)),
  })

  if (done) {
    return (
      <AuthLayout
        icon={<CheckCircle2 className="size-5" />}
        title="Password Reset Successful"
        description="Your password has been updated. You can now sign in with your new password."
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/login">Go to Sign In</Link>
        </Button>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      icon={<LockKeyhole className="size-5" />}
      title="Reset your password"
      description="Choose a new password for your account."
      footer={
        <Link to="/forgot-password" className="font-medium text-primary hover:underline">
          Request a new reset link
        </Link>
      }
    >
      <form
        noValidate
        onFocus={prefetchValidation}
        className="space-y-5"
        onSubmit={form.handleSubmit((values) => {
          if (!token) {
            setError(RESET_MESSAGES.missingToken)
            return
          }
          setError(null)
          reset.mutate(values.password)
        })}
      >
        {!token ? <FormAlert>{RESET_MESSAGES.missingToken}</FormAlert> : error ? <FormAlert>{error}</FormAlert> : null}
        <FormField
          id="password"
          label="New Password"
          error={errors.password?.message}
          hint="At least 8 characters, with upper and lower case letters and a number."
        >
          <PasswordInput
            id="password"
            autoComplete="new-password"
            placeholder="Enter a new password"
            aria-invalid={!!errors.password}
            {...form.register('password')}
          />
        </FormField>
        <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            placeholder="Repeat the new password"
            aria-invalid={!!errors.confirmPassword}
            {...form.register('confirmPassword')}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={!token || reset.isPending}>
          {reset.isPending ? (
            <>
              <Spinner className="size-4 text-current" label="Resetting" /> Resetting...
            </>
          ) : (
            'Reset Password'
          )}
        </Button>
      </form>
    </AuthLayout>
  )
}
