import * as api from '@plumbline/contracts/api-paths'
import { BrandMark, Button, Card, EmptyState, Spinner } from '@plumbline/ui'
import { callApi, parseApiError } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { BellOff, CheckCircle2, FileQuestion } from 'lucide-react'
import * as React from 'react'
import { useParams } from 'react-router'

/**
 * /share/unsubscribe/:token, the page behind a notification e-mail's unsubscribe link: opening it
 * changes nothing (a link preview must not unsubscribe anyone); the button does, for that kind
 * only. Mail clients use the one-click POST (List-Unsubscribe-Post) instead.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams()
  React.useEffect(() => {
    document.title = 'Unsubscribe · Plumbline'
  }, [])
  const unsubscribe = useMutation({ mutationFn: () => callApi(api.postPublicNotificationUnsubscribe, { params: { token } }) })
  const notFound = parseApiError(unsubscribe.error).status === 404
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex min-h-16 max-w-4xl items-center px-4 sm:px-6">
          <BrandMark />
        </div>
      </header>
      <main className="flex min-h-[60vh] items-center justify-center px-4 py-10">
        <Card className="w-full max-w-md overflow-hidden" data-testid="unsubscribe-card">
          {unsubscribe.isSuccess ? (
            <EmptyState
              icon={<CheckCircle2 className="text-success" />}
              title="You are unsubscribed"
              description={`No more e-mails for: ${unsubscribe.data.label}. The bell in Plumbline still tells you; you can turn e-mails back on in Settings → Notifications.`}
            />
          ) : notFound ? (
            <EmptyState icon={<FileQuestion />} title="Link not valid" description="This unsubscribe link is not valid." />
          ) : (
            <EmptyState
              icon={<BellOff />}
              title="Stop these e-mails?"
              description="You will no longer get e-mails like the one that brought you here. Notifications in Plumbline's bell continue."
              action={
                <div className="flex flex-col items-center gap-2">
                  <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending || !token}>
                    {unsubscribe.isPending ? <Spinner className="size-4 text-current" label="Unsubscribing" /> : null}
                    Unsubscribe
                  </Button>
                  {unsubscribe.isError ? (
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
