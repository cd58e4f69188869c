// Grafana dashboards as code: `npx tsx deploy/grafana/dashboards.ts` writes
// provisioning/dashboards/services.json, which Grafana loads at start (plumbline.yaml).
// libs/testing/test/deploy/prometheus.test.ts checks the file is this script's output and that
// every query parses and reads only series the services export.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

type Panel = { title: string; unit: string; exprs: { expr: string; legend: string }[]; description?: string }
type Row = { title: string; panels: Panel[] }

const svc = 'service=~"$service"'
/**
 * JetStream's consumer state and a service's outbox are one figure for the whole cluster, and every
 * replica reports the same copy: these panels take max(), never sum(), so two replicas do not
 * show twice the lag (the alerts in deploy/prometheus/rules.ts do the same).
 */
const CLUSTER_WIDE = 'Every replica reports the same cluster-wide figure: shown once (max), not summed.'
const route = 'route=~"$route"'

const ROWS: Row[] = [
  {
    title: 'RED per service and route',
    panels: [
      {
        title: 'Requests per second',
        unit: 'reqps',
        exprs: [{ expr: `sum by (service, route) (rate(http_requests_total{${svc},${route}}[5m]))`, legend: '{{service}} {{route}}' }],
      },
      {
        title: 'Error ratio (5xx)',
        unit: 'percentunit',
        exprs: [
          {
            expr: `sum by (service, route) (rate(http_requests_total{${svc},${route},status=~"5.."}[5m])) / clamp_min(sum by (service, route) (rate(http_requests_total{${svc},${route}}[5m])), 1e-9)`,
            legend: '{{service}} {{route}}',
          },
        ],
      },
      {
        title: 'p95 latency',
        unit: 's',
        description: 'SLO: 500 ms at the gateway, per public route (alerts.yml).',
        exprs: [
          {
            expr: `histogram_quantile(0.95, sum by (service, route, le) (rate(http_request_duration_seconds_bucket{${svc},${route}}[5m])))`,
            legend: '{{service}} {{route}}',
          },
        ],
      },
      {
        title: 'Error budget burn rate (gateway, 1 h)',
        unit: 'none',
        description: '1 = spending the 0.1 % budget exactly over 30 days; above 14.4 pages.',
        exprs: [{ expr: 'plumbline:gateway_error_ratio:rate1h / 0.001', legend: 'burn rate' }],
      },
    ],
  },
  {
    title: 'Runtime',
    panels: [
      { title: 'Event loop lag p99', unit: 's', exprs: [{ expr: `max by (service) (nodejs_eventloop_lag_p99_seconds{${svc}})`, legend: '{{service}}' }] },
      { title: 'Heap used', unit: 'bytes', exprs: [{ expr: `sum by (service) (nodejs_heap_size_used_bytes{${svc}})`, legend: '{{service}}' }] },
      { title: 'Resident memory', unit: 'bytes', exprs: [{ expr: `sum by (service) (process_resident_memory_bytes{${svc}})`, legend: '{{service}}' }] },
      { title: 'CPU', unit: 'percentunit', exprs: [{ expr: `sum by (service) (rate(process_cpu_seconds_total{${svc}}[5m]))`, legend: '{{service}}' }] },
      {
        title: 'Garbage collection (share of time)',
        unit: 'percentunit',
        description: 'Seconds spent in GC per second, by kind (minor, major, incremental).',
        exprs: [{ expr: `sum by (service, kind) (rate(nodejs_gc_duration_seconds_sum{${svc}}[5m]))`, legend: '{{service}} {{kind}}' }],
      },
      {
        title: 'PostgreSQL pool',
        unit: 'none',
        description: 'Open connections against DB_POOL_MAX; waiting > 0 means queries queue for a connection.',
        exprs: [
          { expr: `sum by (service) (db_pool_connections{${svc}, state="total"})`, legend: '{{service}} open' },
          { expr: `sum by (service) (db_pool_connections{${svc}, state="idle"})`, legend: '{{service}} idle' },
          { expr: `sum by (service) (db_pool_connections{${svc}, state="waiting"})`, legend: '{{service}} waiting' },
        ],
      },
    ],
  },
  {
    title: 'Messaging',
    panels: [
      {
        title: 'Events per second',
        unit: 'ops',
        exprs: [
          { expr: `sum by (stream) (rate(messaging_published_total{${svc}}[5m]))`, legend: 'published {{stream}}' },
          { expr: `sum by (durable) (rate(messaging_consumed_total{${svc}}[5m]))`, legend: 'consumed {{durable}}' },
          { expr: `sum by (durable) (rate(messaging_handler_failures_total{${svc}}[5m]))`, legend: 'failed {{durable}}' },
        ],
      },
      {
        title: 'Outbox backlog',
        unit: 'none',
        description: CLUSTER_WIDE,
        exprs: [{ expr: `max by (service) (messaging_outbox_backlog{${svc}})`, legend: '{{service}}' }],
      },
      {
        title: 'Oldest unpublished outbox event',
        unit: 's',
        description: 'Alert OutboxStuck above 60 s.',
        exprs: [{ expr: `max by (service) (messaging_outbox_oldest_age_seconds{${svc}})`, legend: '{{service}}' }],
      },
      {
        title: 'Consumer lag (pending + unacknowledged)',
        unit: 'none',
        description: CLUSTER_WIDE,
        exprs: [{ expr: `max by (durable) (messaging_consumer_pending{${svc}} + messaging_consumer_ack_pending{${svc}})`, legend: '{{durable}}' }],
      },
      {
        title: 'Redelivered and dead-lettered',
        unit: 'none',
        description: CLUSTER_WIDE,
        exprs: [
          { expr: `max by (durable) (messaging_consumer_redelivered{${svc}})`, legend: 'redelivered {{durable}}' },
          { expr: `max by (durable) (messaging_dead_letters{${svc}})`, legend: 'dead letters {{durable}}' },
        ],
      },
    ],
  },
  {
    title: 'Jobs',
    panels: [
      {
        title: 'AI job queue',
        unit: 'none',
        description: 'The AI job worker is a durable consumer of ai.job.requested.v1.',
        exprs: [
          { expr: 'max(messaging_consumer_pending{durable="ai-job-worker"})', legend: 'waiting' },
          { expr: 'max(messaging_consumer_ack_pending{durable="ai-job-worker"})', legend: 'running' },
          { expr: 'max(messaging_dead_letters{durable="ai-job-worker"})', legend: 'failed' },
        ],
      },
      {
        title: 'Transcription job queue',
        unit: 'none',
        description: 'The meetings transcription worker is a durable consumer of meetings.transcription.requested.v1.',
        exprs: [
          { expr: 'max(messaging_consumer_pending{durable="meetings-transcription-worker"})', legend: 'waiting' },
          { expr: 'max(messaging_consumer_ack_pending{durable="meetings-transcription-worker"})', legend: 'running' },
          { expr: 'max(messaging_dead_letters{durable="meetings-transcription-worker"})', legend: 'failed' },
        ],
      },
      {
        title: 'Job duration p95',
        unit: 's',
        exprs: [{ expr: 'histogram_quantile(0.95, sum by (job, le) (rate(job_duration_seconds_bucket{outcome="done"}[15m])))', legend: '{{job}}' }],
      },
      {
        title: 'External API calls per minute',
        unit: 'none',
        exprs: [{ expr: 'sum by (outcome) (rate(external_api_calls_total[5m])) * 60', legend: '{{outcome}}' }],
      },
    ],
  },
]

const variable = (name: string, query: string) => ({
  name,
  label: name,
  type: 'query',
  datasource: { type: 'prometheus', uid: 'prometheus' },
  query: { query, refId: name },
  definition: query,
  includeAll: true,
  multi: true,
  allValue: '.*',
  current: { text: 'All', value: '$__all' },
  refresh: 2,
})

export function servicesDashboard() {
  const panels: unknown[] = []
  let y = 0
  let id = 1
  for (const row of ROWS) {
    panels.push({ id: id++, type: 'row', title: row.title, collapsed: false, gridPos: { x: 0, y, w: 24, h: 1 }, panels: [] })
    y += 1
    row.panels.forEach((p, i) => {
      panels.push({
        id: id++,
        type: 'timeseries',
        title: p.title,
        ...(p.description ? { description: p.description } : {}),
        datasource: { type: 'prometheus', uid: 'prometheus' },
        fieldConfig: { defaults: { unit: p.unit }, overrides: [] },
        gridPos: { x: (i % 2) * 12, y: y + Math.floor(i / 2) * 8, w: 12, h: 8 },
        targets: p.exprs.map((e, j) => ({ refId: String.fromCharCode(65 + j), expr: e.expr, legendFormat: e.legend })),
      })
    })
    y += Math.ceil(row.panels.length / 2) * 8
  }
  return {
    title: 'Plumbline services',
    uid: 'plumbline-red',
    schemaVersion: 39,
    time: { from: 'now-1h', to: 'now' },
    refresh: '30s',
    templating: {
      list: [
        variable('service', 'label_values(http_requests_total, service)'),
        variable('route', 'label_values(http_requests_total{service=~"$service"}, route)'),
      ],
    },
    panels,
  }
}

export const DASHBOARD_FILE = fileURLToPath(new URL('./provisioning/dashboards/services.json', import.meta.url))
export const renderDashboard = () => `${JSON.stringify(servicesDashboard(), null, 2)}\n`

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeFileSync(DASHBOARD_FILE, renderDashboard())
