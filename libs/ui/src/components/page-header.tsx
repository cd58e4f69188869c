import { Button, cn } from '@plumbline/ui/light'
import { Bell, Plus } from 'lucide-react'
import * as React from 'react'

export type PageHeaderProps = {
  title: React.ReactNode
  description?: React.ReactNode
  /** Shows the New Estimate button when given. */
  onNewEstimate?: () => void
  /** The role cannot create estimates: the button stays, disabled, and says why. */
  newEstimateBlockedReason?: string
  onNotifications?: () => void
  /** Hide the notifications bell. */
  hideNotifications?: boolean
  actions?: React.ReactNode
  className?: string
}

/**
 * The working notification bell, provided by the shell around every page (frontends/shell
 * notifications/): it holds the user's feed and shows the red dot only while something is unread.
 * Without it (a remote served on its own in development) the header shows a plain bell, no dot.
 */
export const NotificationsBellContext = React.createContext<React.ReactNode>(null)

/** The page header of spec 000 §2: title, optional description, notifications bell (red dot while unread), New Estimate. */
export function PageHeader({
  title,
  description,
  onNewEstimate,
  newEstimateBlockedReason,
  onNotifications,
  hideNotifications,
  actions,
  className,
}: PageHeaderProps) {
  const bell = React.useContext(NotificationsBellContext)
  return (
    <header className={cn('border-b bg-card/80 backdrop-blur supports-[backdrop-filter]:bg-card/70', className)}>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8">
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
          {description ? <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground sm:truncate">{description}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {actions}
          {hideNotifications
            ? null
            : (bell ?? (
                <Button variant="ghost" size="icon" aria-label="Notifications" onClick={onNotifications} className="text-muted-foreground">
                  <Bell className="size-5" />
                </Button>
              ))}
          {onNewEstimate ? (
            // A disabled button shows no tooltip: the wrapper carries the reason for pointer users, the description for screen readers.
            <span title={newEstimateBlockedReason}>
              <Button
                onClick={onNewEstimate}
                disabled={!!newEstimateBlockedReason}
                aria-describedby={newEstimateBlockedReason ? 'new-estimate-blocked' : undefined}
              >
                <Plus />
                <span className="hidden sm:inline">New Estimate</span>
                <span className="sr-only sm:hidden">New Estimate</span>
              </Button>
              {newEstimateBlockedReason ? (
                <span id="new-estimate-blocked" className="sr-only">
                  {newEstimateBlockedReason}
                </span>
              ) : null}
            </span>
          ) : null}
        </div>
      </div>
    </header>
  )
}

/** Standard page body container. */
export function PageBody({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8', className)} {...props} />
}
