import type { LoginBody } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { Button, FormField, FullPageSpinner, Input, Spinner } from '@plumbline/ui/light'
import { callApi, useAuth, useRefreshUser } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useNavigate } from 'react-router'
import { AuthLayout, FormAlert, showError } from './auth-layout'
import { loginErrorMessage } from './messages'
import { PasswordInput } from './password-input'
import { deferredResolver, prefetchValidation } from './validation'

export function LoginPage() {
  const navigate = useNavigate()
  const refreshUser = useRefreshUser()
  const [error, setError] = React.useState<string | null>(null)
  const form = useForm({ resolver: deferredResolver('loginResolver'), defaultValues: { email: '', password: '' } })
  const { errors } = form.formState

  const login = useMutation({
    mutationFn: async (body: LoginBody) => {
      return callApi(api.postLogin, { body })
    },
    onSuccess: async (data) => {
      // The session now exists either way: load the user so the next screen sees it.
      await refreshUser()
      navigate(data?.next === 'force_reset' ? '/first-login-reset' : '/', { replace: true })
    },
    onError: (err) => showError(setError, 'Login Failed', loginErrorMessage(err)),
  })

  // Already signed in (and not in the middle of this page's own sign-in): go home.
  const auth = useAuth()
  if (!login.isPending && !login.isSuccess) {
    if (auth.isLoading) return <FullPageSpinner />
    if (auth.user) return <Navigate to={auth.user.requirePasswordReset ? '/first-login-reset' : '/'} replace />
  }

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to your Plumbline account"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-medium text-primary hover:underline">
            Sign up here
          </Link>
        </>
      }
    >
      <form
        noValidate
        onFocus={prefetchValidation}
        className="space-y-5"
        onSubmit={form.handleSubmit((values) => {
          setError(null)
          login.mutate(values)
        })}
      >
        {error ? <FormAlert>{error}</FormAlert> : null}
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" placeholder="you@company.com" aria-invalid={!!errors.email} {...form.register('email')} />
        </FormField>
        <FormField
          id="password"
          label="Password"
          error={errors.password?.message}
          action={
            <Link to="/forgot-password" className="text-[13px] font-medium text-primary hover:underline">
              Forgot your password?
            </Link>
          }
        >
          <PasswordInput
            id="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            aria-invalid={!!errors.password}
            {...form.register('password')}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? (
            <>
              <Spinner className="size-4 text-current" label="Signing in" /> Signing in...
            </>
          ) : (
            'Sign In'
          )}
        </Button>
      </form>
    </AuthLayout>
  )
}
