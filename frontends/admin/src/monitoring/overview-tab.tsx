import type { DetailedHealth, MetricsSample, MonitoringMetrics } from '@plumbline/contracts'
import { Card, Skeleton } from '@plumbline/ui'
import { shownStatus } from './format'
import { type ChartSeries, LineChart } from './line-chart'
import { StatusBadge } from './status-badge'

function seriesOf(history: MetricsSample[], pick: (s: MetricsSample['services'][number]) => number | null): ChartSeries[] {
  const names = [...new Set(history.flatMap((h) => h.services.map((s) => s.service)))]
  return names.map((name) => ({
    name,
    points: history.map((h) => {
      const entry = h.services.find((s) => s.service === name)
      return { t: new Date(h.timestamp).getTime(), v: entry ? pick(entry) : null }
    }),
  }))
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
    </Card>
  )
}

/** Recent errors per service, as bars: which service is failing is the question. */
function ErrorsByService({ metrics }: { metrics: MonitoringMetrics }) {
  const counts = new Map<string, number>()
  for (const e of metrics.recentErrors) counts.set(e.service, (counts.get(e.service) ?? 0) + 1)
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1])
  const max = Math.max(1, ...rows.map(([, n]) => n))
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">Errors by service (24 hours)</figcaption>
      {rows.length === 0 ? (
        <p className="flex h-24 items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">No errors in the last 24 hours.</p>
      ) : (
        <ul className="grid gap-1.5">
          {rows.map(([service, n]) => (
            <li key={service} className="grid grid-cols-[6rem_1fr_3rem] items-center gap-2 text-sm">
              <span className="truncate">{service}</span>
              <span className="h-3 rounded bg-destructive/70" style={{ width: `${(n / max) * 100}%` }} />
              <span className="text-right tabular-nums">{n}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}

export function OverviewTab({ health, metrics }: { health: DetailedHealth | undefined; metrics: MonitoringMetrics | undefined }) {
  const failing = (health?.checks ?? []).filter((c) => c.status !== 'healthy')
  return (
    <div className="grid gap-4">
      <Card className="grid gap-2 p-4" data-testid="system-status">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold tracking-tight">System status</h2>
          {health ? <StatusBadge status={shownStatus(health.status)} /> : <Skeleton className="h-5 w-20" />}
        </div>
        {health ? (
          failing.length === 0 ? (
            <p className="text-sm text-muted-foreground">All {health.checks.length} checks are healthy.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {failing.map((c) => (
                <li key={c.component} className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={shownStatus(c.status)} />
                  <span className="font-medium">{c.component}</span>
                  <span className="text-muted-foreground">{c.message}</span>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </Card>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {metrics ? (
          <>
            <Stat label="Avg response" value={`${metrics.performanceMetrics.avgResponseTime} ms`} />
            <Stat label="Error rate" value={`${metrics.performanceMetrics.errorRate}%`} />
            <Stat label="Uptime (30 days)" value={`${metrics.performanceMetrics.uptime}%`} />
            <Stat label="Slow requests" value={String(metrics.performanceMetrics.slowRequests)} />
          </>
        ) : (
          ['response', 'errors', 'uptime', 'slow'].map((key) => <Skeleton key={key} className="h-20" />)
        )}
      </div>
      {metrics ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card className="p-4">
            <LineChart title="Requests per minute (last hour)" unit="req/min" series={seriesOf(metrics.history, (s) => s.requestsPerMinute)} />
          </Card>
          <Card className="p-4">
            <LineChart title="p95 latency (last hour)" unit="ms" series={seriesOf(metrics.history, (s) => s.p95Ms)} />
          </Card>
          <Card className="p-4 lg:col-span-2">
            <ErrorsByService metrics={metrics} />
          </Card>
        </div>
      ) : null}
    </div>
  )
}
