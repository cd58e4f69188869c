import { AlertTriangle, RotateCw } from 'lucide-react'
import * as React from 'react'
import { Button } from './button'
import { Card } from './card'

export type ErrorFallbackProps = { error: unknown; retry: () => void }

type Props = {
  children: React.ReactNode
  fallback?: (props: ErrorFallbackProps) => React.ReactNode
  onRetry?: () => void
  /** Changing this value resets the boundary (e.g. the route). */
  resetKey?: unknown
  onError?: (error: unknown) => void
}
type State = { error: unknown; hasError: boolean }

export class ErrorBoundary extends React.Component<Props, State> {
  state: State = { error: null, hasError: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true }
  }

  componentDidCatch(error: unknown) {
    this.props.onError?.(error)
    console.error('[plumbline] render error', error)
  }

  componentDidUpdate(prev: Props) {
    if (this.state.hasError && prev.resetKey !== this.props.resetKey) this.setState({ error: null, hasError: false })
  }

  retry = () => {
    this.props.onRetry?.()
    this.setState({ error: null, hasError: false })
  }

  render() {
    if (this.state.hasError) {
      const fallback = this.props.fallback ?? ((p: ErrorFallbackProps) => <ErrorCard onRetry={p.retry} />)
      return fallback({ error: this.state.error, retry: this.retry })
    }
    return this.props.children
  }
}

export function ErrorCard({
  title = 'Something went wrong',
  description = 'An unexpected error occurred. Please try again.',
  onRetry,
  retryLabel = 'Retry',
}: {
  title?: React.ReactNode
  description?: React.ReactNode
  onRetry?: () => void
  retryLabel?: string
}) {
  return (
    <Card role="alert" className="mx-auto flex w-full max-w-md flex-col items-center px-6 py-10 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle className="size-6" />
      </div>
      <h2 className="text-base font-semibold tracking-tight">{title}</h2>
      <p className="mt-1.5 text-sm text-muted-foreground">{description}</p>
      {onRetry ? (
        <Button variant="outline" className="mt-5" onClick={onRetry}>
          <RotateCw />
          {retryLabel}
        </Button>
      ) : null}
    </Card>
  )
}
