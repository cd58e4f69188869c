// Alerting as code, written once: `npx tsx deploy/prometheus/rules.ts` writes
//   deploy/prometheus/alerts.yml                   (compose's Prometheus: rule_files)
//   deploy/k8s/monitoring/prometheusrule.yaml      (the same groups as a prometheus-operator PrometheusRule)
//   deploy/alertmanager/alertmanager.yml           (compose's Alertmanager: routes, e-mail)
//   deploy/k8s/monitoring/alertmanagerconfig.yaml  (the same routes as an AlertmanagerConfig)
// libs/testing/test/deploy/alerts.test.ts checks both files are this script's output, runs promtool's
// unit tests of every alert under compose's and Kubernetes' labels with one and two replicas, and
// that every alert's runbook (docs/runbooks/<alert>.md) exists.
//
// Which series are ours: both scrape setups attach the target label part_of="plumbline"
// (prometheus.yml's static labels; the PodMonitors relabel app.kubernetes.io/part-of) and service
// (the workload), so no rule depends on a job name, and in a cluster's shared Prometheus no rule
// fires for another application's targets. Aggregations keep `namespace` (absent under compose), so
// a dev and a production namespace in one cluster are told apart.
//
// SLOs, measured at the gateway (what users see), over 30 days:
//   availability  99.9 % of requests answer without a 5xx (error budget 0.1 %)
//   latency       95 % of requests answer within 500 ms, per public route as well as overall
// Messaging (libs/service-kit/src/messaging-metrics.ts): JetStream's consumer state and a service's
// outbox are cluster-wide figures that every replica reports identically, so the rules take max()
// of them, never sum(): two replicas must not double a lag.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { stringify } from 'yaml'

/** Where the repository's docs/runbooks are browsed; change it with the repository's home and re-run this script. */
export const RUNBOOK_BASE_URL = 'https://git.plumbline.example/plumbline/plumbline/-/blob/main/docs/runbooks'
export const runbookUrl = (alert: string) => `${RUNBOOK_BASE_URL}/${alert}.md`

/** The target label that marks a series as Plumbline's, under compose and Kubernetes alike. */
export const OURS = 'part_of="plumbline"'
const sel = (metric: string, ...matchers: string[]) => `${metric}{${[OURS, ...matchers].join(',')}}`

export type Severity = 'page' | 'ticket'
export type Recording = { record: string; expr: string }
export type Alert = { alert: string; expr: string; for?: string; severity: Severity; summary: string; description: string }
export type Group = { name: string; rules: (Recording | Alert)[] }

const gatewayRequests = (range: string, ...extra: string[]) => `rate(${sel('http_requests_total', 'service="gateway"', ...extra)}[${range}])`
const errorRatio = (range: string) =>
  `sum by (namespace) (${gatewayRequests(range, 'status=~"5.."')}) / clamp_min(sum by (namespace) (${gatewayRequests(range)}), 1e-9)`

export const GROUPS: Group[] = [
  {
    name: 'plumbline-slo-recording',
    rules: [
      ...['5m', '30m', '1h', '6h'].map((range) => ({ record: `plumbline:gateway_error_ratio:rate${range}`, expr: errorRatio(range) })),
      {
        record: 'plumbline:request_duration_p95:rate5m',
        expr: `histogram_quantile(0.95, sum by (namespace, service, le) (rate(${sel('http_request_duration_seconds_bucket')}[5m])))`,
      },
      {
        record: 'plumbline:gateway_route_duration_p95:rate5m',
        expr: `histogram_quantile(0.95, sum by (namespace, route, le) (rate(${sel('http_request_duration_seconds_bucket', 'service="gateway"')}[5m])))`,
      },
    ],
  },
  {
    name: 'plumbline-alerts',
    rules: [
      // Multi-window burn rates of the 0.1 % error budget: 14.4x spends 2 % of a month's budget in an
      // hour (page), 6x spends 5 % in six hours (ticket). The short window ends the alert soon after
      // the errors stop.
      {
        alert: 'GatewayErrorBudgetFastBurn',
        expr: 'plumbline:gateway_error_ratio:rate1h > (14.4 * 0.001) and plumbline:gateway_error_ratio:rate5m > (14.4 * 0.001)',
        for: '2m',
        severity: 'page',
        summary: 'The gateway answers 5xx to {{ $value | humanizePercentage }} of requests (availability SLO 99.9 %).',
        description: "At this rate the month's error budget is gone in two days. Users see errors now.",
      },
      {
        alert: 'GatewayErrorBudgetSlowBurn',
        expr: 'plumbline:gateway_error_ratio:rate6h > (6 * 0.001) and plumbline:gateway_error_ratio:rate30m > (6 * 0.001)',
        for: '15m',
        severity: 'ticket',
        summary: 'The gateway has answered 5xx to {{ $value | humanizePercentage }} of requests over 6 hours.',
        description: "A steady error rate that spends 5 % of the month's error budget every six hours.",
      },
      {
        alert: 'GatewayLatencyHigh',
        expr: 'plumbline:request_duration_p95:rate5m{service="gateway"} > 0.5',
        for: '10m',
        severity: 'ticket',
        summary: "The gateway's p95 is {{ $value | humanizeDuration }} (SLO 500 ms).",
        description: 'One request in twenty takes longer than the latency objective, over all routes.',
      },
      {
        alert: 'GatewayRouteLatencyHigh',
        // Per public route (the gateway labels requests with its route-table pattern).
        expr: 'plumbline:gateway_route_duration_p95:rate5m{route!~"unmatched|/healthz"} > 0.5',
        for: '15m',
        severity: 'ticket',
        summary: '{{ $labels.route }} has a p95 of {{ $value | humanizeDuration }} at the gateway (SLO 500 ms).',
        description: 'One route is slower than the latency objective even if the gateway overall is not.',
      },
      {
        alert: 'ServiceErrorsHigh',
        expr: `sum by (namespace, service) (rate(${sel('http_requests_total', 'status=~"5.."')}[5m])) / clamp_min(sum by (namespace, service) (rate(${sel('http_requests_total')}[5m])), 1e-9) > 0.05`,
        for: '10m',
        severity: 'ticket',
        summary: '{{ $labels.service }} answers 5xx to {{ $value | humanizePercentage }} of its requests.',
        description: "More than 5 % of one service's requests fail, whichever route they came through.",
      },
      {
        alert: 'ServiceDown',
        // No replica of the service answers its scrape: whatever it serves is gone.
        expr: `sum by (namespace, service) (${sel('up')}) == 0`,
        for: '2m',
        severity: 'page',
        summary: 'No replica of {{ $labels.service }} has answered a scrape for 2 minutes.',
        description: 'Every request the service handles fails (the gateway answers 503), and its consumers stop.',
      },
      {
        alert: 'TargetDown',
        // One replica among several: the others serve, so it is a ticket, not a page.
        expr: `${sel('up')} == 0`,
        for: '15m',
        severity: 'ticket',
        summary: 'Prometheus cannot scrape {{ $labels.instance }} ({{ $labels.service }}) for 15 minutes.',
        description: 'One replica is unreachable or not answering /metrics; the others carry its share.',
      },
      {
        alert: 'ServiceRestarting',
        expr: `changes(${sel('process_start_time_seconds')}[30m]) > 2`,
        severity: 'ticket',
        summary: '{{ $labels.service }} ({{ $labels.instance }}) restarted {{ $value }} times in 30 minutes.',
        description: 'The process keeps exiting or being killed (crash, failed liveness probe, out of memory).',
      },
      {
        alert: 'ServiceMemoryNearLimit',
        // The Kubernetes limit is 512Mi for most services (deploy/k8s/services/*/deployment.yaml).
        expr: `${sel('process_resident_memory_bytes')} > 450 * 1024 * 1024`,
        for: '10m',
        severity: 'ticket',
        summary: '{{ $labels.service }} ({{ $labels.instance }}) uses {{ $value | humanize1024 }}B of its 512 MiB limit.',
        description: "Close to the container's memory limit: the kernel kills it there (OOMKilled).",
      },
    ],
  },
  {
    name: 'plumbline-messaging-alerts',
    rules: [
      {
        alert: 'OutboxStuck',
        expr: `max by (namespace, service) (${sel('messaging_outbox_oldest_age_seconds')}) > 60`,
        for: '5m',
        severity: 'page',
        summary: '{{ $labels.service }} has not published an outbox event for {{ $value | humanizeDuration }}: its relay is stuck.',
        description: 'Changes are saved but their events do not leave the service: other services stop hearing about them.',
      },
      {
        alert: 'DeadLettersPresent',
        expr: `max by (namespace, service, durable) (${sel('messaging_dead_letters')}) > 0`,
        severity: 'ticket',
        summary: '{{ $labels.durable }} dead-lettered {{ $value }} events; inspect and replay them.',
        description: 'Events a consumer gave up on after its retries: their effect (a count, a mail, a job) is missing.',
      },
      {
        alert: 'ConsumerLagging',
        expr: `max by (namespace, service, durable) (${sel('messaging_consumer_pending')} + ${sel('messaging_consumer_ack_pending')}) > 100`,
        for: '10m',
        severity: 'ticket',
        summary: '{{ $labels.durable }} is {{ $value }} events behind.',
        description: 'A consumer falls behind its stream: what it does for each event happens late.',
      },
    ],
  },
]

export const alerts = (): Alert[] => GROUPS.flatMap((g) => g.rules.filter((r): r is Alert => 'alert' in r))

/** The groups as Prometheus reads them (rule_files, or a PrometheusRule's spec). */
export function ruleGroups() {
  return {
    groups: GROUPS.map((group) => ({
      name: group.name,
      rules: group.rules.map((rule) =>
        'record' in rule
          ? { record: rule.record, expr: rule.expr }
          : {
              alert: rule.alert,
              expr: rule.expr,
              ...(rule.for ? { for: rule.for } : {}),
              labels: { severity: rule.severity },
              annotations: { summary: rule.summary, description: rule.description, runbook_url: runbookUrl(rule.alert) },
            },
      ),
    })),
  }
}

const yaml = (value: unknown) => stringify(value, { lineWidth: 0 })

export function renderComposeRules(): string {
  return `# Generated by deploy/prometheus/rules.ts (npx tsx deploy/prometheus/rules.ts): edit that file.\n${yaml(ruleGroups())}`
}

export function renderPrometheusRule(): string {
  const object = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'plumbline', labels: { 'app.kubernetes.io/part-of': 'plumbline' } },
    spec: ruleGroups(),
  }
  return `# Generated by deploy/prometheus/rules.ts (npx tsx deploy/prometheus/rules.ts): edit that file.\n${yaml(object)}`
}

// ---------------------------------------------------------------------------------------------
// Routing, also written once: compose's Alertmanager (deploy/alertmanager/alertmanager.yml) and the
// cluster's (an AlertmanagerConfig the prometheus-operator merges into its Alertmanager; it adds a
// namespace matcher itself). Pages repeat hourly, tickets twice a day; a service that is down
// silences the per-replica TargetDown of the same service.

type Matcher = { name: string; value: string }
const ROUTING = {
  groupBy: ['alertname', 'namespace', 'service'],
  groupWait: '30s',
  groupInterval: '5m',
  repeatInterval: '12h',
  routes: [{ matchers: [{ name: 'severity', value: 'page' }], repeatInterval: '1h' }],
  inhibit: [{ source: [{ name: 'alertname', value: 'ServiceDown' }], target: [{ name: 'alertname', value: 'TargetDown' }], equal: ['namespace', 'service'] }],
} satisfies {
  groupBy: string[]
  groupWait: string
  groupInterval: string
  repeatInterval: string
  routes: { matchers: Matcher[]; repeatInterval: string }[]
  inhibit: { source: Matcher[]; target: Matcher[]; equal: string[] }[]
}

/**
 * Compose: the product's own SMTP setting there (auth's SMTP_URL, the mailpit sink on :1025; its
 * inbox at http://127.0.0.1:8025 shows each alert). For a real mailbox, change the smarthost,
 * sender and address here and re-run.
 */
export const COMPOSE_EMAIL = { smarthost: 'mailpit:1025', from: 'alertmanager@plumbline.local', to: 'ops@plumbline.local', requireTls: false }

const asMatchers = (matchers: Matcher[]) => matchers.map((m) => `${m.name}="${m.value}"`)

export function renderComposeAlertmanager(): string {
  const config = {
    global: { smtp_smarthost: COMPOSE_EMAIL.smarthost, smtp_from: COMPOSE_EMAIL.from, smtp_require_tls: COMPOSE_EMAIL.requireTls },
    route: {
      receiver: 'email',
      group_by: ROUTING.groupBy,
      group_wait: ROUTING.groupWait,
      group_interval: ROUTING.groupInterval,
      repeat_interval: ROUTING.repeatInterval,
      routes: ROUTING.routes.map((r) => ({ matchers: asMatchers(r.matchers), receiver: 'email', repeat_interval: r.repeatInterval })),
    },
    inhibit_rules: ROUTING.inhibit.map((i) => ({ source_matchers: asMatchers(i.source), target_matchers: asMatchers(i.target), equal: i.equal })),
    receivers: [{ name: 'email', email_configs: [{ to: COMPOSE_EMAIL.to, send_resolved: true }] }],
  }
  return `# Generated by deploy/prometheus/rules.ts (npx tsx deploy/prometheus/rules.ts): edit that file.\n${yaml(config)}`
}

/**
 * Kubernetes: e-mail through an SMTP relay (the one auth's SMTP_URL names, with its user); the
 * password is the SMTP_PASSWORD key of the alerting-secrets Secret (secrets.example/alerting.env).
 * Overlays set the relay, user, sender and address.
 */
export function renderAlertmanagerConfig(): string {
  // No matchType: '=' is its default, and a bare = reads as YAML 1.1's value tag to some parsers.
  const matchers = (list: Matcher[]) => list.map((m) => ({ name: m.name, value: m.value }))
  const object = {
    apiVersion: 'monitoring.coreos.com/v1alpha1',
    kind: 'AlertmanagerConfig',
    metadata: { name: 'plumbline', labels: { 'app.kubernetes.io/part-of': 'plumbline' } },
    spec: {
      route: {
        receiver: 'email',
        groupBy: ROUTING.groupBy,
        groupWait: ROUTING.groupWait,
        groupInterval: ROUTING.groupInterval,
        repeatInterval: ROUTING.repeatInterval,
        routes: ROUTING.routes.map((r) => ({ matchers: matchers(r.matchers), receiver: 'email', repeatInterval: r.repeatInterval })),
      },
      inhibitRules: ROUTING.inhibit.map((i) => ({ sourceMatch: matchers(i.source), targetMatch: matchers(i.target), equal: i.equal })),
      receivers: [
        {
          name: 'email',
          emailConfigs: [
            {
              to: 'ops@plumbline.example',
              from: 'alertmanager@plumbline.example',
              smarthost: 'smtp.mail.example.net:587',
              authUsername: 'plumbline',
              authPassword: { name: 'alerting-secrets', key: 'SMTP_PASSWORD' },
              requireTLS: true,
              sendResolved: true,
            },
          ],
        },
      ],
    },
  }
  return `# Generated by deploy/prometheus/rules.ts (npx tsx deploy/prometheus/rules.ts): edit that file.\n${yaml(object)}`
}

export const GENERATED = {
  'deploy/prometheus/alerts.yml': renderComposeRules,
  'deploy/k8s/monitoring/prometheusrule.yaml': renderPrometheusRule,
  'deploy/alertmanager/alertmanager.yml': renderComposeAlertmanager,
  'deploy/k8s/monitoring/alertmanagerconfig.yaml': renderAlertmanagerConfig,
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  for (const [path, render] of Object.entries(GENERATED)) {
    writeFileSync(`${root}${path}`, render())
    console.log(`wrote ${path}`)
  }
}
