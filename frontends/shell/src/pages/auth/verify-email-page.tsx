import * as api from '@plumbline/contracts/api-paths'
import { Button, Spinner, toast } from '@plumbline/ui/light'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react'
import * as React from 'react'
import { Link, useSearchParams } from 'react-router'
import { AuthLayout } from './auth-layout'
import { VERIFY_MESSAGES, verifyErrorOutcome } from './messages'

type State = { state: 'loading' | 'success' | 'expired' | 'error'; message: string }

export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const email = params.get('email') ?? ''
  const [result, setResult] = React.useState<State>(() =>
    token ? { state: 'loading', message: 'Verifying your email address...' } : { state: 'error', message: VERIFY_MESSAGES.missingToken },
  )
  const started = React.useRef<string | null>(null)

  React.useEffect(() => {
    if (!token || started.current === token) return
    started.current = token
    setResult({ state: 'loading', message: 'Verifying your email address...' })
    callApi(api.postVerifyEmail, { body: { token } })
      .then((reply) => {
        const message = (reply as { message?: string } | undefined)?.message ?? ''
        if (message.toLowerCase().includes('already verified')) setResult({ state: 'success', message: VERIFY_MESSAGES.alreadyVerified })
        else setResult({ state: 'success', message: message || 'Your email has been verified. You can now sign in.' })
      })
      .catch((err) => setResult(verifyErrorOutcome(err)))
  }, [token])

  const resend = useMutation({
    mutationFn: async () => {
      if (!email) throw new Error(VERIFY_MESSAGES.noEmail)
      await callApi(api.postResendVerification, { body: { email } })
    },
    onSuccess: () => toast({ title: 'Verification Email Sent', description: VERIFY_MESSAGES.resent }),
    onError: (err) =>
      toast({
        title: 'Error',
        description: err instanceof Error && err.message === VERIFY_MESSAGES.noEmail ? VERIFY_MESSAGES.noEmail : VERIFY_MESSAGES.resendFailed,
        variant: 'destructive',
      }),
  })

  if (result.state === 'loading') {
    return (
      <AuthLayout icon={<Loader2 className="size-5 animate-spin" />} title="Verifying Email" description={result.message}>
        <div className="flex justify-center py-4">
          <Spinner className="size-7" label="Verifying" />
        </div>
      </AuthLayout>
    )
  }
  if (result.state === 'success') {
    return (
      <AuthLayout icon={<CheckCircle2 className="size-5" />} title="Email Verified" description={result.message}>
        <Button asChild size="lg" className="w-full">
          <Link to="/login">Go to Sign In</Link>
        </Button>
      </AuthLayout>
    )
  }
  if (result.state === 'expired') {
    return (
      <AuthLayout
        icon={<Clock className="size-5" />}
        title="Link Expired"
        description={<>{result.message} Request a new verification email to finish setting up your account.</>}
      >
        <div className="space-y-3">
          <Button size="lg" className="w-full" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? (
              <>
                <Spinner className="size-4 text-current" label="Sending" /> Sending...
              </>
            ) : (
              'Resend Verification Email'
            )}
          </Button>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link to="/login">Back to Sign In</Link>
          </Button>
        </div>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout icon={<XCircle className="size-5" />} title="Verification Failed" description={result.message}>
      <div className="space-y-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/register">Try Registration Again</Link>
        </Button>
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link to="/login">Back to Sign In</Link>
        </Button>
      </div>
    </AuthLayout>
  )
}
