import * as api from '@plumbline/contracts/api-paths'
import { Button, FormField, Input, Spinner } from '@plumbline/ui/light'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { AuthLayout, FormAlert, showError } from './auth-layout'
import { FORGOT_PASSWORD_ERROR } from './messages'
import { deferredResolver, prefetchValidation } from './validation'

export function ForgotPasswordPage() {
  const [error, setError] = React.useState<string | null>(null)
  const [sentTo, setSentTo] = React.useState<string | null>(null)
  const form = useForm({ resolver: deferredResolver('forgotPasswordResolver'), defaultValues: { email: '' } })
  const { errors } = form.formState
  const request = useMutation({
    mutationFn: async (body: { email: string }) => {
      await callApi(api.postRequestPasswordReset, { body })
      return body.email
    },
    onSuccess: (email) => setSentTo(email),
    onError: () => showError(setError, 'Error', FORGOT_PASSWORD_ERROR),
  })

  if (sentTo) {
    return (
      <AuthLayout
        icon={<MailCheck className="size-5" />}
        title="Check Your Email"
        description={
          <>
            If an account exists for <span className="font-medium text-foreground">{sentTo}</span>, you&apos;ll receive a link to reset your password. The link
            expires in 1 hour.
          </>
        }
      >
        <div className="space-y-4">
          <Button asChild size="lg" className="w-full">
            <Link to="/login">Back to Sign In</Link>
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Didn&apos;t receive the email?{' '}
            <button
              type="button"
              className="font-medium text-primary hover:underline"
              onClick={() => {
                setSentTo(null)
                request.reset()
              }}
            >
              Try again
            </button>
          </p>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      icon={<KeyRound className="size-5" />}
      title="Forgot your password?"
      description="Enter the email address you signed up with and we'll send you a link to reset your password."
      footer={
        <Link to="/login" className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline">
          <ArrowLeft className="size-4" /> Back to Sign In
        </Link>
      }
    >
      <form
        noValidate
        onFocus={prefetchValidation}
        className="space-y-5"
        onSubmit={form.handleSubmit((values) => {
          setError(null)
          request.mutate(values)
        })}
      >
        {error ? <FormAlert>{error}</FormAlert> : null}
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" placeholder="you@company.com" aria-invalid={!!errors.email} {...form.register('email')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending ? (
            <>
              <Spinner className="size-4 text-current" label="Sending" /> Sending...
            </>
          ) : (
            'Send Reset Link'
          )}
        </Button>
      </form>
    </AuthLayout>
  )
}
