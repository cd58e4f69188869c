import { Skeleton, Spinner } from './misc'
import { placeholderKeys } from './placeholder-keys'

/**
 * Shown while a screen's code loads (a remote in the shell, a lazy page in a remote): the page
 * header's shape, `cards` placeholder cards, then a spinner.
 */
export function PageFallback({ cards = 0 }: { cards?: number }) {
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
      <div className="mx-auto w-full max-w-7xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
        {placeholderKeys(cards).map((key) => (
          <Skeleton key={key} className="h-28 w-full rounded-xl" />
        ))}
        <div className="flex justify-center py-8">
          <Spinner label="Loading" />
        </div>
      </div>
    </div>
  )
}
