import { Card, placeholderKeys, Skeleton } from '@plumbline/ui'

/** The four cards' shapes while the settings load. */
/** The four settings cards and how many fields each has. */
const CARDS = [4, 3, 3, 5].map((rows, i) => ({ key: `card-${i + 1}`, rows }))

export function CompanySkeleton() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading company settings">
      {CARDS.map(({ key, rows }) => (
        <Card key={key} className="space-y-4 p-6">
          <div className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-64 max-w-full" />
            </div>
          </div>
          {placeholderKeys(rows).map((key) => (
            <Skeleton key={key} className="h-10 w-full" />
          ))}
        </Card>
      ))}
    </div>
  )
}
