import type { MonitoringMetrics } from '@plumbline/contracts'
import { Badge, Card, EmptyState, Skeleton } from '@plumbline/ui'
import { CircleCheck, ExternalLink } from 'lucide-react'
import { traceLink } from './format'

/** The last 24 hours of 5xx answers and failed jobs, newest first, each linked to its trace. */
export function ErrorsTab({ metrics }: { metrics: MonitoringMetrics | undefined }) {
  if (!metrics) return <Skeleton className="h-64" />
  if (metrics.recentErrors.length === 0)
    return (
      <Card>
        <EmptyState icon={<CircleCheck />} title="No recent errors" description="No service answered a 5xx or failed a job in the last 24 hours." />
      </Card>
    )
  return (
    <Card className="p-0">
      <ol className="divide-y" aria-label="Recent errors">
        {metrics.recentErrors.map((error) => {
          const href = traceLink(metrics.traceViewerUrl, error.correlationId)
          return (
            <li key={error.id} className="grid gap-1 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="destructive">{error.category}</Badge>
                <span className="font-medium">{error.service}</span>
                <code className="break-all text-xs text-muted-foreground">{error.endpoint}</code>
                <time dateTime={error.timestamp} className="ml-auto text-xs text-muted-foreground">
                  {new Date(error.timestamp).toLocaleString()}
                </time>
              </div>
              <p className="break-words">{error.message}</p>
              <div className="text-xs text-muted-foreground">
                Trace{' '}
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 break-all font-mono text-primary underline-offset-2 hover:underline"
                  >
                    {error.correlationId}
                    <ExternalLink className="size-3" />
                  </a>
                ) : (
                  <span className="break-all font-mono">{error.correlationId}</span>
                )}
              </div>
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
