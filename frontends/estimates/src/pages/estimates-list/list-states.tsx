import { Button, Card, EmptyState, placeholderKeys, Skeleton } from '@plumbline/ui'
import { AlertCircle, FilePlus2, RotateCw, SearchX, Wand2 } from 'lucide-react'
import { Link } from 'react-router'

export const LOAD_ERROR_TEXT = 'Failed to load estimates. Please try again.'

export function ListSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" role="status" aria-busy="true" aria-label="Loading estimates">
      {placeholderKeys(count).map((key) => (
        <Card key={key} className="space-y-3 p-5" data-testid="estimate-skeleton">
          <div className="flex items-start justify-between gap-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-12 w-full" />
          <div className="flex justify-between pt-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-5 w-20" />
          </div>
        </Card>
      ))}
    </div>
  )
}

export function NoEstimatesYet({ onCreate }: { onCreate: () => void }) {
  return (
    <Card className="overflow-hidden">
      <div className="h-1 w-full bg-gradient-to-r from-primary via-primary/60 to-amber" />
      <EmptyState
        icon={<FilePlus2 />}
        title="No estimates yet"
        description="Create your first estimate to price a project, generate a professional proposal and share it with your client."
        action={
          <div className="flex flex-col items-center gap-3 sm:flex-row">
            <Button onClick={onCreate}>
              <FilePlus2 /> Create your first estimate
            </Button>
            <Button variant="outline" asChild>
              <Link to="/estimate-wizard-step1">
                <Wand2 /> Use step-by-step wizard
              </Link>
            </Button>
          </div>
        }
      />
    </Card>
  )
}

export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <Card>
      <EmptyState
        icon={<SearchX />}
        title="No estimates match your filters"
        description="Try a different search or remove some filters."
        action={
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    </Card>
  )
}

export function ListError({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <Card role="alert">
      <EmptyState
        icon={<AlertCircle className="text-destructive" />}
        title={LOAD_ERROR_TEXT}
        action={
          <Button variant="outline" onClick={onRetry} disabled={retrying}>
            <RotateCw className={retrying ? 'animate-spin' : undefined} /> Retry
          </Button>
        }
      />
    </Card>
  )
}
