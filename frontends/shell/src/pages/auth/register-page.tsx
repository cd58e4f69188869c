import type { RegisterBody } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { Button, FormField, Input, Spinner } from '@plumbline/ui/light'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { MailCheck } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { AuthLayout, FormAlert, showError } from './auth-layout'
import { registerErrorMessage } from './messages'
import { PasswordInput } from './password-input'
import { deferredResolver, prefetchValidation } from './validation'

export function RegisterPage() {
  const [error, setError] = React.useState<string | null>(null)
  const [sentTo, setSentTo] = React.useState<string | null>(null)
  const form = useForm({
    resolver: deferredResolver('registerResolver'),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  const register = useMutation({
    mutationFn: async (body: RegisterBody) => {
      await callApi(api.postRegister, { body })
      return body.email
    },
    onSuccess: (email) => setSentTo(email),
    onError: (err) => showError(setError, 'Registration Failed', registerErrorMessage(err)),
  })

  if (sentTo) {
    return (
      <AuthLayout
        icon={<MailCheck className="size-5" />}
        title="Check Your Email"
        description={
          <>
            We&apos;ve sent a verification link to <span className="font-medium text-foreground">{sentTo}</span>. Click the link in the email to activate your
            account, then sign in.
          </>
        }
      >
        <div className="space-y-4">
          <Button asChild size="lg" className="w-full">
            <Link to="/login">Go to Sign In</Link>
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Didn&apos;t receive the email? Check your spam folder or{' '}
            <button
              type="button"
              className="font-medium text-primary hover:underline"
              onClick={() => {
                setSentTo(null)
                setError(null)
                register.reset()
              }}
            >
              try again
            </button>
            .
          </p>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      title="Create your account"
      description="Start estimating smarter with Plumbline"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form
        noValidate
        onFocus={prefetchValidation}
        className="space-y-5"
        onSubmit={form.handleSubmit(({ confirmPassword: _c, ...values }) => {
          setError(null)
          register.mutate(values)
        })}
      >
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField id="firstName" label="First Name" error={errors.firstName?.message}>
            <Input id="firstName" autoComplete="given-name" placeholder="Jane" aria-invalid={!!errors.firstName} {...form.register('firstName')} />
          </FormField>
          <FormField id="lastName" label="Last Name" error={errors.lastName?.message}>
            <Input id="lastName" autoComplete="family-name" placeholder="Builder" aria-invalid={!!errors.lastName} {...form.register('lastName')} />
          </FormField>
        </div>
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" placeholder="you@company.com" aria-invalid={!!errors.email} {...form.register('email')} />
        </FormField>
        <FormField
          id="password"
          label="Password"
          error={errors.password?.message}
          hint="At least 8 characters, with upper and lower case letters and a number."
        >
          <PasswordInput
            id="password"
            autoComplete="new-password"
            placeholder="Create a password"
            aria-invalid={!!errors.password}
            {...form.register('password')}
          />
        </FormField>
        <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            placeholder="Repeat your password"
            aria-invalid={!!errors.confirmPassword}
            {...form.register('confirmPassword')}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
          {register.isPending ? (
            <>
              <Spinner className="size-4 text-current" label="Creating account" /> Creating account...
            </>
          ) : (
            'Create Account'
          )}
        </Button>
      </form>
    </AuthLayout>
  )
}
