import { BrandMark, Button, Card, EmptyState, Spinner } from '@plumbline/ui'
import { parseApiError } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { BellOff, CheckCircle2, FileQuestion } from 'lucide-react'
import * as React from 'react'

type Texts = { title: string; description: string }

/**
 * A page behind a link in an e-mail that does one thing on a button press, never on opening (a
 * link preview must not act for anyone): it asks, acts, then says it is done or that the link is
 * not valid. The unsubscribe and stop-reminders pages are two of these.
 */
export function LinkActionPage<T>(props: {
  documentTitle: string
  testId: string
  act: () => Promise<T>
  ask: Texts & { button: string; pending: string }
  done: (result: T) => Texts
  invalid: string
  /** Shown under the button and after success (a way back to the estimate). */
  extra?: React.ReactNode
}) {
  React.useEffect(() => {
    document.title = props.documentTitle
  }, [props.documentTitle])
  const action = useMutation({ mutationFn: props.act })
  const notFound = parseApiError(action.error).status === 404
  const done = action.isSuccess ? props.done(action.data) : null
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex min-h-16 max-w-4xl items-center px-4 sm:px-6">
          <BrandMark />
        </div>
      </header>
      <main className="flex min-h-[60vh] items-center justify-center px-4 py-10">
        <Card className="w-full max-w-md overflow-hidden" data-testid={props.testId}>
          {done ? (
            <EmptyState icon={<CheckCircle2 className="text-success" />} title={done.title} description={done.description} action={props.extra} />
          ) : notFound ? (
            <EmptyState icon={<FileQuestion />} title="Link not valid" description={props.invalid} />
          ) : (
            <EmptyState
              icon={<BellOff />}
              title={props.ask.title}
              description={props.ask.description}
              action={
                <div className="flex flex-col items-center gap-3">
                  <Button onClick={() => action.mutate()} disabled={action.isPending}>
                    {action.isPending ? <Spinner className="size-4 text-current" label={props.ask.pending} /> : null}
                    {props.ask.button}
                  </Button>
                  {props.extra}
                  {action.isError ? (
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
