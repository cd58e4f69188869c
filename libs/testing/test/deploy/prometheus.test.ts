// The SLO recording rules, the alerts and the Grafana dashboard queries parse as PromQL
// (@prometheus-io/lezer-promql, Prometheus' own grammar) and use only metrics and labels the
// services really export (read from the service kit's registry), so no alert silently watches a
// series that does not exist.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createMetrics, DB_POOL_METRIC, MESSAGING_LABELS, MESSAGING_METRICS } from '@plumbline/service-kit'
import { parser } from '@prometheus-io/lezer-promql'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { readCompose, root } from './manifests.ts'

type Rule = { record?: string; alert?: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> }
const rules = (parse(readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap(
  (g) => g.rules,
)
const dashboardText = readFileSync(join(root, 'deploy/grafana/provisioning/dashboards/services.json'), 'utf8')
const dashboard = JSON.parse(dashboardText) as {
  panels: { type: string; title: string; targets?: { expr: string }[] }[]
  templating: { list: { name: string; query: { query: string } }[] }
}

/** The series a service's /metrics exposes (histograms as their _bucket/_sum/_count), and the labels on them. */
async function exported(): Promise<{ metrics: Set<string>; labels: Set<string> }> {
  const { registry } = createMetrics('probe')
  const metrics = new Set<string>()
  const labels = new Set<string>()
  for (const line of (await registry.metrics()).split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})?\s/.exec(line)
    if (!match) continue
    metrics.add(match[1])
    for (const pair of match[2]?.split(',') ?? []) labels.add(pair.split('=')[0])
  }
  // The counter and histogram have no series until a request is counted; their labels are these.
  for (const name of [
    'http_requests_total',
    'http_request_duration_seconds_bucket',
    'http_request_duration_seconds_sum',
    'http_request_duration_seconds_count',
  ])
    metrics.add(name)
  for (const label of ['method', 'route', 'status', 'le']) labels.add(label)
  // Labelled counters and histograms registered without a series yet (the kit's external API
  // calls and job durations, the runtime's GC histogram before the first collection).
  for (const metric of registry.getMetricsAsArray()) {
    const kind = metric.constructor.name
    if (kind === 'Counter') metrics.add(metric.name)
    else if (kind === 'Histogram') for (const suffix of ['_bucket', '_sum', '_count']) metrics.add(`${metric.name}${suffix}`)
    else continue
    for (const label of (metric as unknown as { labelNames: string[] }).labelNames) labels.add(label)
  }
  // The pool gauge the runtime registers beside them (read from pg's pool at scrape time).
  metrics.add(DB_POOL_METRIC)
  labels.add('state')
  // The messaging gauges the runtime registers next to them (read from JetStream at scrape time).
  for (const name of Object.values(MESSAGING_METRICS)) metrics.add(name)
  for (const label of [...MESSAGING_LABELS, 'service']) labels.add(label)
  return { metrics, labels }
}

/** Syntax errors, metric names and label names of one PromQL expression. */
function analyse(expr: string) {
  const tree = parser.parse(expr)
  let errors = 0
  const metrics: string[] = []
  const labels: string[] = []
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) errors++
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') metrics.push(expr.slice(node.from, node.to))
      if (node.name === 'LabelName') labels.push(expr.slice(node.from, node.to))
    },
  })
  return { errors, metrics, labels }
}

// Prometheus adds these to every scraped series (`up` is its own per target): job and instance, the
// part_of and service target labels of prometheus.yml and the PodMonitors, and a pod's namespace.
const scrapeLabels = ['job', 'instance', 'part_of', 'namespace']
const recorded = rules.flatMap((r) => (r.record ? [r.record] : []))

describe('Prometheus rules and Grafana queries', () => {
  const queries = [
    ...rules.map((r) => ({ name: r.record ?? r.alert ?? '?', expr: r.expr })),
    ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ name: `dashboard: ${p.title}`, expr: t.expr }))),
  ]

  it.each(queries)('$name parses and reads only exported series and labels', async ({ expr }) => {
    const { metrics, labels } = await exported()
    const result = analyse(expr)
    expect(result.errors, expr).toBe(0)
    expect(result.metrics.length, expr).toBeGreaterThan(0)
    for (const metric of result.metrics) expect(metrics.has(metric) || recorded.includes(metric) || metric === 'up', metric).toBe(true)
    for (const label of result.labels) expect(labels.has(label) || scrapeLabels.includes(label), label).toBe(true)
  })

  it('has availability and latency SLO alerts on the gateway, and every alert says how severe and what happened', () => {
    const alerts = rules.filter((r) => r.alert)
    expect(alerts.map((a) => a.alert)).toEqual(
      expect.arrayContaining([
        'GatewayErrorBudgetFastBurn',
        'GatewayErrorBudgetSlowBurn',
        'GatewayLatencyHigh',
        'GatewayRouteLatencyHigh',
        'ServiceDown',
        'OutboxStuck',
        'DeadLettersPresent',
        'ConsumerLagging',
      ]),
    )
    for (const alert of alerts) {
      expect(['page', 'ticket'], alert.alert).toContain(alert.labels?.severity)
      expect(alert.annotations?.summary, alert.alert).toBeTruthy()
    }
  })

  it('the dashboard is the one deploy/grafana/dashboards.ts generates, with service and route variables on every RED query', async () => {
    const { renderDashboard } = await import('../../../../deploy/grafana/dashboards.ts')
    expect(dashboardText).toBe(renderDashboard())
    expect(dashboard.templating.list.map((v) => v.name)).toEqual(['service', 'route'])
    const red = dashboard.panels.filter((p) => p.targets?.some((t) => t.expr.includes('http_requests_total') || t.expr.includes('http_request_duration')))
    expect(red.length).toBeGreaterThanOrEqual(3)
    for (const p of red.filter((p) => !p.title.startsWith('Error budget')))
      for (const t of p.targets ?? []) expect(t.expr, p.title).toMatch(/service=~"\$service",route=~"\$route"/)
  })

  it('is loaded by Prometheus under docker compose', () => {
    const config = parse(readFileSync(join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
      rule_files: string[]
      scrape_configs: { job_name: string }[]
    }
    const mounts = readCompose().prometheus.volumes ?? []
    for (const file of config.rule_files)
      expect(
        mounts.some((m) => m.endsWith(`:${file}:ro`)),
        file,
      ).toBe(true)
    expect(config.scrape_configs.map((s) => s.job_name)).toContain('plumbline')
  })
})
