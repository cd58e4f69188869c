import { Construction, FileQuestion } from 'lucide-react'
import type * as React from 'react'
import { Card } from './card'
import { EmptyState } from './misc'

/** The 404 view used for unknown signed-in paths (shell and remotes). */
export function NotFoundView({ action }: { action?: React.ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <EmptyState
          icon={<FileQuestion />}
          title={
            <>
              <span className="mb-1 block text-4xl font-bold tracking-tight text-primary">404</span>
              Page Not Found
            </>
          }
          description="The page you are looking for does not exist or has been moved."
          action={action}
        />
      </Card>
    </div>
  )
}

/** Polished placeholder for screens that are still being built. */
export function ComingSoonCard({
  title,
  description,
  icon,
  action,
}: {
  title: React.ReactNode
  description?: React.ReactNode
  icon?: React.ReactNode
  action?: React.ReactNode
}) {
  return (
    <Card className="overflow-hidden">
      <div className="h-1 w-full bg-gradient-to-r from-primary via-primary/60 to-amber" />
      <EmptyState
        icon={icon ?? <Construction />}
        title={title}
        description={description ?? 'This page is coming soon. We are putting the finishing touches on it.'}
        action={action}
      />
    </Card>
  )
}
