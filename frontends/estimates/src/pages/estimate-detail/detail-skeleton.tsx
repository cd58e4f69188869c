import { Skeleton } from '@plumbline/ui'

/** The detail screen's shape while the estimate loads. */
export function DetailSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading estimate" className="flex flex-col">
      <div className="border-b bg-card/80">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3 sm:px-6 lg:px-8">
          <Skeleton className="h-8 w-36" />
          <div className="flex gap-2">
            <Skeleton className="h-8 w-32" />
            <Skeleton className="hidden h-8 w-24 sm:block" />
            <Skeleton className="hidden h-8 w-28 sm:block" />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
        <div className="flex gap-5 rounded-xl border bg-card p-6">
          <Skeleton className="h-16 w-24" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-7 w-2/3 max-w-md" />
            <Skeleton className="h-4 w-full max-w-xl" />
          </div>
        </div>
        <Skeleton className="h-24 w-full rounded-xl" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-44 rounded-xl" />
        </div>
      </div>
    </div>
  )
}
