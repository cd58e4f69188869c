import { Button, Card, ErrorBoundary, PageFallback, reloadForNewRelease, Spinner } from '@plumbline/ui'
import { Blocks, RotateCw } from 'lucide-react'
import * as React from 'react'
import { useLocation } from 'react-router'
import { loadRemoteApp, type RemoteAppProps } from './registry'
import { REMOTE_LABELS, type RemoteName } from './routes'

type LoadState = { status: 'loading' } | { status: 'ready'; Comp: React.ComponentType<RemoteAppProps> } | { status: 'error'; error: unknown }

const loaded = new Map<RemoteName, React.ComponentType<RemoteAppProps>>()

export function RemoteUnavailable({ name, onRetry, retrying }: { name: RemoteName; onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card role="alert" className="w-full max-w-md overflow-hidden">
        <div className="h-1 w-full bg-gradient-to-r from-amber via-amber/70 to-primary/60" />
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <div className="mb-4 flex size-12 items-center justify-center rounded-xl border bg-muted/60 text-muted-foreground">
            <Blocks className="size-6" />
          </div>
          <h2 className="text-base font-semibold tracking-tight">This part of Plumbline could not be loaded</h2>
          <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">
            {REMOTE_LABELS[name]} is temporarily unavailable. The rest of the app keeps working. Please try again in a moment.
          </p>
          <Button variant="outline" className="mt-5" onClick={onRetry} disabled={retrying}>
            {retrying ? <Spinner className="size-4" label="Retrying" /> : <RotateCw />}
            Retry
          </Button>
        </div>
      </Card>
    </div>
  )
}

/** Loads a remote at runtime and renders it behind an error boundary with Retry. */
export function RemoteView({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = React.useState(0)
  const [state, setState] = React.useState<LoadState>(() => {
    const Comp = loaded.get(name)
    return Comp ? { status: 'ready', Comp } : { status: 'loading' }
  })
  const location = useLocation()

  React.useEffect(() => {
    const cached = loaded.get(name)
    if (cached && attempt === 0) {
      setState({ status: 'ready', Comp: cached })
      return
    }
    let cancelled = false
    setState({ status: 'loading' })
    loadRemoteApp(name, attempt > 0)
      .then((Comp) => {
        loaded.set(name, Comp)
        if (!cancelled) setState({ status: 'ready', Comp })
      })
      .catch((error: unknown) => {
        // The remote's chunks of the release this page started with are gone (a deploy): reload once.
        if (reloadForNewRelease(error)) return
        console.error(`[plumbline] remote "${name}" failed to load`, error)
        if (!cancelled) setState({ status: 'error', error })
      })
    return () => {
      cancelled = true
    }
  }, [name, attempt])

  const retry = React.useCallback(() => {
    loaded.delete(name)
    setAttempt((a) => a + 1)
  }, [name])

  if (state.status === 'loading') return <PageFallback cards={2} />
  if (state.status === 'error') return <RemoteUnavailable name={name} onRetry={retry} />
  const { Comp } = state
  return (
    <ErrorBoundary
      key={`${name}:${attempt}`}
      resetKey={location.pathname}
      fallback={({ retry: reset }) => (
        <RemoteUnavailable
          name={name}
          onRetry={() => {
            reset()
            retry()
          }}
        />
      )}
    >
      <Comp />
    </ErrorBoundary>
  )
}
