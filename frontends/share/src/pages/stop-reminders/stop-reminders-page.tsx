import * as api from '@plumbline/contracts/api-paths'
import { BrandMark, Button, Card, EmptyState, Spinner } from '@plumbline/ui'
import { callApi, parseApiError } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { BellOff, CheckCircle2, FileQuestion } from 'lucide-react'
import * as React from 'react'
import { Link, useParams } from 'react-router'

/**
 * /share/:token/unsubscribe, behind a reminder e-mail's "Stop reminders" link: opening it changes
 * nothing (a link preview must not unsubscribe anyone); the button does. Mail clients use the
 * one-click POST (List-Unsubscribe-Post) instead. The estimate stays open to the client.
 */
export function StopRemindersPage() {
  const { token = '' } = useParams()
  React.useEffect(() => {
    document.title = 'Stop reminders · Plumbline'
  }, [])
  const stop = useMutation({ mutationFn: () => callApi(api.postPublicEstimatesUnsubscribe, { params: { token } }) })
  const notFound = parseApiError(stop.error).status === 404
  const back = (
    <Link to={`/share/${token}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
      View the estimate
    </Link>
  )
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex min-h-16 max-w-4xl items-center px-4 sm:px-6">
          <BrandMark />
        </div>
      </header>
      <main className="flex min-h-[60vh] items-center justify-center px-4 py-10">
        <Card className="w-full max-w-md overflow-hidden" data-testid="stop-reminders-card">
          {stop.isSuccess ? (
            <EmptyState
              icon={<CheckCircle2 className="text-success" />}
              title="No more reminders"
              description="You will get no more reminder e-mails about this estimate. Your link still works."
              action={back}
            />
          ) : notFound ? (
            <EmptyState icon={<FileQuestion />} title="Link not valid" description="This link is no longer valid. Ask your contractor for a new one." />
          ) : (
            <EmptyState
              icon={<BellOff />}
              title="Stop reminders about this estimate?"
              description="Your contractor will not send you more reminder e-mails about it. You can still view, approve or decline the estimate."
              action={
                <div className="flex flex-col items-center gap-3">
                  <Button onClick={() => stop.mutate()} disabled={stop.isPending || !token}>
                    {stop.isPending ? <Spinner className="size-4 text-current" label="Stopping" /> : null}
                    Stop reminders
                  </Button>
                  {back}
                  {stop.isError ? (
                    <p role="alert" className="text-sm text-destructive">
                      Something went wrong. Please try again.
                    </p>
                  ) : null}
                </div>
              }
            />
          )}
        </Card>
      </main>
    </div>
  )
}
