import { Skeleton, Spinner } from './misc'

/** Shown while a remote's screen chunk loads (React.lazy fallback): the page header's shape, then a spinner. */
export function PageFallback() {
  return (
    <div aria-busy="true" className="flex flex-col">
      <div className="border-b bg-card/80">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-5 sm:px-6 lg:px-8">
          <div className="space-y-2">
            <Skeleton className="h-6 w-44" />
            <Skeleton className="h-4 w-72 max-w-[50vw]" />
          </div>
          <Skeleton className="h-9 w-32" />
        </div>
      </div>
      <div className="flex justify-center py-16">
        <Spinner label="Loading" />
      </div>
    </div>
  )
}
