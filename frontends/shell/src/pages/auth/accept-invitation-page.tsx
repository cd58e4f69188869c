import { zodResolver } from '@hookform/resolvers/zod'
import { INVITATION_MESSAGES, type InvitationAccepted, type InvitationPreview, ZInvitationRegisterBody } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { Button, FormField, FullPageSpinner, Input, Spinner } from '@plumbline/ui/light'
import { callApi, parseApiError, switchOrganization, USER_QUERY_KEY, useAuth } from '@plumbline/web'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { MailX, Users } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { z } from 'zod'
import { AuthLayout, FormAlert, showError } from './auth-layout'
import { loginErrorMessage } from './messages'
import { PasswordInput } from './password-input'

// The page behind an invitation e-mail's link, /invite?token=… (the spec is silent).
// It works signed in or out: the invited address signs in (or is already signed in) and joins,
// or, when no account has that address, creates one right here and joins without an
// organisation of its own. The new organisation becomes the active one.

const ZNewAccountForm = ZInvitationRegisterBody.omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] })
type NewAccountForm = z.infer<typeof ZNewAccountForm>

export function AcceptInvitationPage() {
  const token = useSearchParams()[0].get('token') ?? ''
  const auth = useAuth()
  const preview = useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: (): Promise<InvitationPreview> => callApi(api.postInvitationPreview, { body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

  if (!token) return <InvalidInvitation />
  if (preview.isError) {
    const { status, message } = parseApiError(preview.error)
    if (status === 404 || status === 400) return <InvalidInvitation message={message} />
    return <InvitationUnavailable onRetry={() => void preview.refetch()} />
  }
  if (!preview.data || auth.isLoading) return <FullPageSpinner />
  return <ValidInvitation token={token} invitation={preview.data} />
}

function ValidInvitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { user } = useAuth()
  const title = `Join ${invitation.organizationName}`
  const description = (
    <>
      {invitation.invitedBy ?? 'A teammate'} invited <span className="font-medium text-foreground">{invitation.email}</span> to join{' '}
      {invitation.organizationName} on Plumbline as <span className="font-medium text-foreground">{invitation.roleName}</span>.
    </>
  )
  let body: React.ReactNode
  if (user && user.email === invitation.email) body = <AcceptSignedIn token={token} />
  else if (user) body = <SignedInAsSomeoneElse signedInAs={user.email} invitedEmail={invitation.email} />
  else if (invitation.accountExists) body = <SignInAndAccept token={token} email={invitation.email} />
  else body = <RegisterAndAccept token={token} email={invitation.email} />
  return (
    <AuthLayout icon={<Users className="size-5" />} title={title} description={description}>
      {body}
    </AuthLayout>
  )
}

/** After joining: the user is reloaded, the organisation made active, and the dashboard opened. */
function useJoined() {
  const qc = useQueryClient()
  const navigate = useNavigate()
  return async (joined: InvitationAccepted, next?: string) => {
    const user = await qc.fetchQuery({ queryKey: USER_QUERY_KEY, staleTime: 0 })
    const userId = (user as { id?: string } | null)?.id
    if (userId) switchOrganization(userId, joined.organizationId)
    navigate(next === 'force_reset' ? '/first-login-reset' : '/', { replace: true })
  }
}

function AcceptSignedIn({ token }: { token: string }) {
  const [error, setError] = React.useState<string | null>(null)
  const joined = useJoined()
  const accept = useMutation({
    mutationFn: (): Promise<InvitationAccepted> => callApi(api.postInvitationAccept, { body: { token } }),
    onSuccess: (result) => joined(result),
    onError: (err) => showError(setError, 'Could Not Join', parseApiError(err).message || INVITATION_MESSAGES.invalidLink),
  })
  return (
    <div className="space-y-4">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button size="lg" className="w-full" disabled={accept.isPending || accept.isSuccess} onClick={() => accept.mutate()}>
        {accept.isPending ? <Busy label="Joining" /> : 'Accept Invitation'}
      </Button>
    </div>
  )
}

function SignedInAsSomeoneElse({ signedInAs, invitedEmail }: { signedInAs: string; invitedEmail: string }) {
  const qc = useQueryClient()
  const signOut = useMutation({
    mutationFn: () => callApi(api.postLogout),
    // Stay on this page: signed out, it offers the invited address's sign-in or sign-up.
    onSettled: () => qc.resetQueries({ queryKey: USER_QUERY_KEY }),
  })
  return (
    <div className="space-y-4">
      <FormAlert variant="info">
        You&apos;re signed in as <span className="font-medium">{signedInAs}</span>. This invitation is for <span className="font-medium">{invitedEmail}</span>:
        sign out, then sign in or sign up with that address to accept it.
      </FormAlert>
      <Button size="lg" className="w-full" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? <Busy label="Signing out" /> : 'Sign Out'}
      </Button>
    </div>
  )
}

function SignInAndAccept({ token, email }: { token: string; email: string }) {
  const [error, setError] = React.useState<string | null>(null)
  const [password, setPassword] = React.useState('')
  const [missing, setMissing] = React.useState(false)
  const joined = useJoined()
  const signIn = useMutation({
    mutationFn: async () => {
      const login = await callApi(api.postLogin, { body: { email, password } }).catch((err) => {
        throw Object.assign(new Error(loginErrorMessage(err)), { kind: 'login' })
      })
      return { login, joined: await callApi(api.postInvitationAccept, { body: { token } }) }
    },
    onSuccess: ({ login, joined: result }) => joined(result, login.next),
    onError: (err) =>
      showError(
        setError,
        'Could Not Join',
        (err as { kind?: string }).kind === 'login' ? (err as Error).message : parseApiError(err).message || INVITATION_MESSAGES.invalidLink,
      ),
  })
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault()
        setMissing(password === '')
        setError(null)
        if (password) signIn.mutate()
      }}
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p className="text-sm text-muted-foreground">You already have a Plumbline account. Sign in to accept.</p>
      <FormField id="email" label="Email">
        <Input id="email" type="email" value={email} readOnly aria-readonly="true" />
      </FormField>
      <FormField
        id="password"
        label="Password"
        error={missing ? 'Password is required' : undefined}
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
          value={password}
          aria-invalid={missing}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending || signIn.isSuccess}>
        {signIn.isPending ? <Busy label="Joining" /> : 'Sign In and Join'}
      </Button>
    </form>
  )
}

function RegisterAndAccept({ token, email }: { token: string; email: string }) {
  const [error, setError] = React.useState<string | null>(null)
  const form = useForm<NewAccountForm>({
    resolver: zodResolver(ZNewAccountForm),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const joined = useJoined()
  const register = useMutation({
    mutationFn: async ({ confirmPassword: _c, ...values }: NewAccountForm) => {
      const result = await callApi(api.postInvitationRegister, { body: { ...values, token } })
      const login = await callApi(api.postLogin, { body: { email, password: values.password } })
      return { result, login }
    },
    onSuccess: ({ result, login }) => joined(result, login.next),
    onError: (err) => showError(setError, 'Could Not Join', parseApiError(err).message || 'Registration failed. Please try again.'),
  })
  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit((values) => register.mutate(values))}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p className="text-sm text-muted-foreground">Create your account to accept. Your e-mail address is confirmed by this invitation.</p>
      <FormField id="email" label="Email">
        <Input id="email" type="email" value={email} readOnly aria-readonly="true" />
      </FormField>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField id="firstName" label="First Name" error={errors.firstName?.message}>
          <Input id="firstName" autoComplete="given-name" aria-invalid={!!errors.firstName} {...form.register('firstName')} />
        </FormField>
        <FormField id="lastName" label="Last Name" error={errors.lastName?.message}>
          <Input id="lastName" autoComplete="family-name" aria-invalid={!!errors.lastName} {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="password" label="Password" error={errors.password?.message} hint="At least 8 characters, with upper and lower case letters and a number.">
        <PasswordInput id="password" autoComplete="new-password" aria-invalid={!!errors.password} {...form.register('password')} />
      </FormField>
      <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
        <PasswordInput id="confirmPassword" autoComplete="new-password" aria-invalid={!!errors.confirmPassword} {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending || register.isSuccess}>
        {register.isPending ? <Busy label="Creating account" /> : 'Create Account and Join'}
      </Button>
    </form>
  )
}

function InvalidInvitation({ message }: { message?: string }) {
  return (
    <AuthLayout icon={<MailX className="size-5" />} title="Invitation Not Valid" description={message || INVITATION_MESSAGES.invalidLink}>
      <Button asChild size="lg" className="w-full">
        <Link to="/login">Go to Sign In</Link>
      </Button>
    </AuthLayout>
  )
}

function InvitationUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <AuthLayout
      icon={<MailX className="size-5" />}
      title="Could Not Load the Invitation"
      description="Plumbline could not be reached. Check your connection and try again."
    >
      <Button size="lg" className="w-full" onClick={onRetry}>
        Retry
      </Button>
    </AuthLayout>
  )
}

function Busy({ label }: { label: string }) {
  return (
    <>
      <Spinner className="size-4 text-current" label={label} /> {label}...
    </>
  )
}
