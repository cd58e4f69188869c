import { Card, Skeleton } from '@plumbline/ui'

/** The four cards' shapes while the settings load. */
export function CompanySkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading company settings">
      {[4, 3, 3, 5].map((rows, i) => (
        <Card key={i} className="space-y-4 p-6">
          <div className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-64 max-w-full" />
            </div>
          </div>
          {Array.from({ length: rows }, (_, r) => (
            <Skeleton key={r} className="h-10 w-full" />
          ))}
        </Card>
      ))}
    </div>
  )
}
