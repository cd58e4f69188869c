import { Button, Card, EmptyState, Skeleton } from '@plumbline/ui'
import { parseApiError } from '@plumbline/web'
import { AlertCircle, RotateCw } from 'lucide-react'

export function CatalogError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Card role="alert">
      <EmptyState
        icon={<AlertCircle className="text-destructive" />}
        title={`Could not load ${what}`}
        description={parseApiError(error).message || 'Please try again.'}
        action={
          <Button variant="outline" onClick={onRetry}>
            <RotateCw /> Retry
          </Button>
        }
      />
    </Card>
  )
}

export function CatalogSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 w-full rounded-xl" />
      ))}
    </div>
  )
}
