import type { DetailedHealth } from '@plumbline/contracts'
import { Card, Skeleton } from '@plumbline/ui'
import { shownStatus } from './format'
import { StatusBadge } from './status-badge'

/** Every check (services, PostgreSQL, Redis, NATS JetStream, outboxes) with its details on demand. */
export function HealthTab({ health }: { health: DetailedHealth | undefined }) {
  if (!health) return <Skeleton className="h-64" />
  return (
    <Card className="p-0">
      <ul className="divide-y" aria-label="Health checks">
        {health.checks.map((check) => (
          <li key={check.component} className="grid gap-1 px-4 py-3" data-component={check.component}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">{check.component}</span>
              <StatusBadge status={shownStatus(check.status)} />
              <span className="ml-auto text-xs tabular-nums text-muted-foreground">{check.responseTime} ms</span>
            </div>
            <p className="break-words text-sm text-muted-foreground">{check.message}</p>
            {Object.keys(check.details).length > 0 ? (
              <details className="text-xs">
                <summary className="cursor-pointer text-muted-foreground">Details</summary>
                <pre className="mt-1 max-h-64 overflow-auto rounded bg-muted p-2 font-mono">{JSON.stringify(check.details, null, 2)}</pre>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  )
}
