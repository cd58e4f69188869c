import { Card, EmptyState } from '@plumbline/ui/light'
import { FileQuestion } from 'lucide-react'
import type * as React from 'react'

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
