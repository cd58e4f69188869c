import type { MonitoringMetrics } from '@plumbline/contracts'
import { Card, Skeleton } from '@plumbline/ui'
import { formatBytes, formatNumber } from './format'

function Group({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <Card className="p-4">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      <dl className="grid gap-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

export function MetricsTab({ metrics }: { metrics: MonitoringMetrics | undefined }) {
  if (!metrics) return <Skeleton className="h-64" />
  const { businessMetrics: b, performanceMetrics: p, systemMetrics: s } = metrics
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Group
        title="Business (this month)"
        rows={[
          ['Estimates created', formatNumber(b.estimatesCreated)],
          ['PDFs generated', formatNumber(b.pdfsGenerated)],
          ['Active users (30 days)', formatNumber(b.activeUsers)],
          ['Organizations', formatNumber(b.totalOrganizations)],
        ]}
      />
      <Group
        title="Performance"
        rows={[
          ['Avg response time', `${p.avgResponseTime} ms`],
          ['Error rate', `${p.errorRate}%`],
          ['Uptime (30 days)', `${p.uptime}%`],
          ['Slow requests (> 1 s)', formatNumber(p.slowRequests)],
        ]}
      />
      <Group
        title="System"
        rows={[
          ['Memory usage', formatBytes(s.memoryUsage)],
          ['DB connections', formatNumber(s.dbConnections)],
          ['Queued jobs and events', formatNumber(s.queueJobs)],
          ['External API calls', formatNumber(s.externalApiCalls)],
        ]}
      />
    </div>
  )
}
