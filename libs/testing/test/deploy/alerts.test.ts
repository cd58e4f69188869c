// Alerting as code (deploy/prometheus/rules.ts): the generated files are that script's output, every
// alert is unit-tested with Prometheus' own promtool under the labels compose's scrape config gives
// a target and the labels a Kubernetes PodMonitor gives it, with one replica and with two (each
// replica of a service reports the same cluster-wide messaging figures: an alert must not count
// them twice), every alert links a runbook in the repository, and both Alertmanagers route to e-mail.
// promtool and amtool come from Debian's packages (scripts/lib/prometheus-tools.ts).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { alerts, COMPOSE_EMAIL, GENERATED, OURS, runbookUrl } from '../../../../deploy/prometheus/rules.ts'
import { installPrometheusTools, type PrometheusTool } from '../../../../scripts/lib/prometheus-tools.ts'
import { composeEnvironment, type Deployment, type K8sObject, named, ofKind, overlays, readCompose, rendered, root } from './manifests.ts'

type Labels = Record<string, string>
type Variant = { name: string; labelSet: 'compose' | 'kubernetes'; replicas: 1 | 2 }
const VARIANTS: Variant[] = [
  { name: 'compose', labelSet: 'compose', replicas: 1 },
  { name: 'kubernetes, 1 replica', labelSet: 'kubernetes', replicas: 1 },
  { name: 'kubernetes, 2 replicas', labelSet: 'kubernetes', replicas: 2 },
]

const PORTS: Record<string, number> = { gateway: 4000, auth: 4001, estimates: 4002, ai: 4003, documents: 4004, meetings: 4005, admin: 4006 }

/**
 * The labels Prometheus gives one replica's target: compose's static config (job plumbline, the
 * container's name) or a PodMonitor's (job <namespace>/<podmonitor>, namespace, pod, container,
 * endpoint, the pod's address), each with the service and part_of target labels.
 */
function target(variant: Variant, service: string, replica: number): Labels {
  const port = PORTS[service]
  if (variant.labelSet === 'compose') return { job: 'plumbline', instance: `${service}:${port}`, service, part_of: 'plumbline' }
  return {
    job: `plumbline/${service === 'gateway' ? 'plumbline-gateway' : 'plumbline-services'}`,
    namespace: 'plumbline',
    pod: `${service}-7c9d8f6b5-${['q2x8z', 'm4k7w'][replica]}`,
    container: service,
    endpoint: service === 'gateway' ? 'internal' : 'http',
    instance: `10.42.${replica + 1}.17:${port}`,
    service,
    part_of: 'plumbline',
  }
}

/** An aggregated alert's labels: what it groups by (namespace only where the targets have one). */
const grouped = (variant: Variant, labels: Labels): Labels => ({ ...(variant.labelSet === 'kubernetes' ? { namespace: 'plumbline' } : {}), ...labels })

type Series = { series: string; values: string }
const selector = (metric: string, labels: Labels) =>
  `${metric}{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',')}}`

/** The same metric from every replica of a service (values: per replica, or one for all). */
function fromEach(variant: Variant, service: string, metric: string, labels: Labels, values: string | ((replica: number) => string)): Series[] {
  return Array.from({ length: variant.replicas }, (_, replica) => ({
    series: selector(metric, { ...target(variant, service, replica), ...labels }),
    values: typeof values === 'string' ? values : values(replica),
  }))
}

type Expected = { labels: Labels; summary: string }
type Scenario = {
  what: string
  series: (v: Variant) => Series[]
  at: string
  expect: Record<string, (v: Variant) => Expected[]>
}

const userRoute = { method: 'GET', route: '/api/user' }
const listRoute = { method: 'GET', route: '/api/organizations/:orgId/estimates', status: '200' }
/** A p95 of 968.75 ms: 100 requests a minute, 20 within 0.5 s, every one within 1 s. */
const slowBuckets = (v: Variant, service: string) =>
  (
    [
      ['0.1', '0+10x40'],
      ['0.5', '0+20x40'],
      ['1', '0+100x40'],
      ['+Inf', '0+100x40'],
    ] as const
  ).flatMap(([le, values]) => fromEach(v, service, 'http_request_duration_seconds_bucket', { ...listRoute, le }, values))

const SCENARIOS: Scenario[] = [
  {
    what: '5 % of gateway requests fail for 20 minutes',
    series: (v) => [
      ...fromEach(v, 'gateway', 'http_requests_total', { ...userRoute, status: '200' }, '0+950x25'),
      ...fromEach(v, 'gateway', 'http_requests_total', { ...userRoute, status: '500' }, '0+50x25'),
    ],
    at: '20m',
    expect: {
      GatewayErrorBudgetFastBurn: (v) => [
        { labels: grouped(v, { severity: 'page' }), summary: 'The gateway answers 5xx to 5% of requests (availability SLO 99.9 %).' },
      ],
    },
  },
  {
    what: '1 % of gateway requests fail for 40 minutes (the 6-hour window holds what there is)',
    series: (v) => [
      ...fromEach(v, 'gateway', 'http_requests_total', { ...userRoute, status: '200' }, '0+990x45'),
      ...fromEach(v, 'gateway', 'http_requests_total', { ...userRoute, status: '500' }, '0+10x45'),
    ],
    at: '40m',
    expect: {
      GatewayErrorBudgetSlowBurn: (v) => [
        { labels: grouped(v, { severity: 'ticket' }), summary: 'The gateway has answered 5xx to 1% of requests over 6 hours.' },
      ],
      // Under the fast burn's 1.44 %.
      GatewayErrorBudgetFastBurn: () => [],
    },
  },
  {
    what: 'a gateway route answers in 969 ms at p95',
    series: (v) => slowBuckets(v, 'gateway'),
    at: '30m',
    expect: {
      GatewayLatencyHigh: (v) => [{ labels: grouped(v, { service: 'gateway', severity: 'ticket' }), summary: "The gateway's p95 is 968.8ms (SLO 500 ms)." }],
      GatewayRouteLatencyHigh: (v) => [
        {
          labels: grouped(v, { route: listRoute.route, severity: 'ticket' }),
          summary: '/api/organizations/:orgId/estimates has a p95 of 968.8ms at the gateway (SLO 500 ms).',
        },
      ],
    },
  },
  {
    what: 'estimates answers 10 % of its requests with a 5xx',
    series: (v) => [
      ...fromEach(v, 'estimates', 'http_requests_total', { ...listRoute, status: '200' }, '0+90x30'),
      ...fromEach(v, 'estimates', 'http_requests_total', { ...listRoute, status: '503' }, '0+10x30'),
    ],
    at: '20m',
    expect: {
      ServiceErrorsHigh: (v) => [
        { labels: grouped(v, { service: 'estimates', severity: 'ticket' }), summary: 'estimates answers 5xx to 10% of its requests.' },
      ],
    },
  },
  {
    what: 'one replica of estimates stops answering its scrape',
    series: (v) => fromEach(v, 'estimates', 'up', {}, (replica) => (replica === 0 ? '0x30' : '1x30')),
    at: '20m',
    expect: {
      TargetDown: (v) => {
        const down = target(v, 'estimates', 0)
        return [{ labels: { ...down, severity: 'ticket' }, summary: `Prometheus cannot scrape ${down.instance} (estimates) for 15 minutes.` }]
      },
      // With a second replica the service still serves: no page.
      ServiceDown: (v) =>
        v.replicas === 1
          ? [{ labels: grouped(v, { service: 'estimates', severity: 'page' }), summary: 'No replica of estimates has answered a scrape for 2 minutes.' }]
          : [],
    },
  },
  {
    what: 'every replica of estimates stops answering',
    series: (v) => fromEach(v, 'estimates', 'up', {}, '0x30'),
    at: '5m',
    expect: {
      ServiceDown: (v) => [
        { labels: grouped(v, { service: 'estimates', severity: 'page' }), summary: 'No replica of estimates has answered a scrape for 2 minutes.' },
      ],
      // Not yet (15 minutes); and once it is, Alertmanager inhibits it under ServiceDown.
      TargetDown: () => [],
    },
  },
  {
    what: 'one replica of auth restarts three times in ten minutes',
    series: (v) =>
      fromEach(v, 'auth', 'process_start_time_seconds', {}, (replica) => (replica === 0 ? '1000 1000 1000 1180 1180 1360 1360 1540x12' : '1000x20')),
    at: '10m',
    expect: {
      ServiceRestarting: (v) => {
        const restarting = target(v, 'auth', 0)
        return [{ labels: { ...restarting, severity: 'ticket' }, summary: `auth (${restarting.instance}) restarted 3 times in 30 minutes.` }]
      },
    },
  },
  {
    what: 'one replica of documents holds 480 MiB',
    series: (v) =>
      fromEach(v, 'documents', 'process_resident_memory_bytes', {}, (replica) => (replica === 0 ? `${480 * 1024 * 1024}x20` : `${200 * 1024 * 1024}x20`)),
    at: '15m',
    expect: {
      ServiceMemoryNearLimit: (v) => {
        const big = target(v, 'documents', 0)
        return [{ labels: { ...big, severity: 'ticket' }, summary: `documents (${big.instance}) uses 480MiB of its 512 MiB limit.` }]
      },
    },
  },
  {
    what: "estimates' outbox has not published for ten minutes (every replica reads the same outbox)",
    series: (v) => fromEach(v, 'estimates', 'messaging_outbox_oldest_age_seconds', {}, '0+60x20'),
    at: '10m',
    expect: {
      OutboxStuck: (v) => [
        {
          labels: grouped(v, { service: 'estimates', severity: 'page' }),
          summary: 'estimates has not published an outbox event for 10m 0s: its relay is stuck.',
        },
      ],
    },
  },
  {
    what: 'three events of an admin consumer are dead-lettered (every replica reports the same three)',
    series: (v) => fromEach(v, 'admin', 'messaging_dead_letters', { durable: 'admin-on-estimate-created-v1' }, '3x10'),
    at: '5m',
    expect: {
      DeadLettersPresent: (v) => [
        {
          labels: grouped(v, { service: 'admin', durable: 'admin-on-estimate-created-v1', severity: 'ticket' }),
          summary: 'admin-on-estimate-created-v1 dead-lettered 3 events; inspect and replay them.',
        },
      ],
    },
  },
  {
    what: 'an admin consumer is 60 events behind, as every replica reports (under the 100 threshold)',
    series: (v) => [
      ...fromEach(v, 'admin', 'messaging_consumer_pending', { durable: 'admin-on-estimate-created-v1' }, '60x20'),
      ...fromEach(v, 'admin', 'messaging_consumer_ack_pending', { durable: 'admin-on-estimate-created-v1' }, '0x20'),
    ],
    at: '15m',
    expect: { ConsumerLagging: () => [] },
  },
  {
    what: 'an admin consumer is 150 events behind, as every replica reports',
    series: (v) => [
      ...fromEach(v, 'admin', 'messaging_consumer_pending', { durable: 'admin-on-estimate-created-v1' }, '140x20'),
      ...fromEach(v, 'admin', 'messaging_consumer_ack_pending', { durable: 'admin-on-estimate-created-v1' }, '10x20'),
    ],
    at: '15m',
    expect: {
      ConsumerLagging: (v) => [
        {
          labels: grouped(v, { service: 'admin', durable: 'admin-on-estimate-created-v1', severity: 'ticket' }),
          summary: 'admin-on-estimate-created-v1 is 150 events behind.',
        },
      ],
    },
  },
]

const byName = new Map(alerts().map((a) => [a.alert, a]))

/** promtool's test file for one variant: every scenario, each expected alert with its labels and all three annotations. */
function promtoolTests(variant: Variant, ruleFile: string): string {
  return stringify(
    {
      rule_files: [ruleFile],
      evaluation_interval: '1m',
      tests: SCENARIOS.map((scenario) => ({
        name: `${variant.name}: ${scenario.what}`,
        interval: '1m',
        input_series: scenario.series(variant),
        alert_rule_test: Object.entries(scenario.expect).map(([alertname, expected]) => ({
          eval_time: scenario.at,
          alertname,
          exp_alerts: expected(variant).map((e) => ({
            exp_labels: e.labels,
            exp_annotations: { summary: e.summary, description: byName.get(alertname)?.description, runbook_url: runbookUrl(alertname) },
          })),
        })),
      })),
    },
    { lineWidth: 0 },
  )
}

let tools: Record<PrometheusTool, string>
let scratch: string
beforeAll(() => {
  tools = installPrometheusTools()
  scratch = mkdtempSync(join(tmpdir(), 'plumbline-alerts-'))
}, 120_000)
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const run = (tool: string, args: string[], cwd = scratch) => spawnSync(tool, args, { cwd, encoding: 'utf8' })

describe('the generated alerting files', () => {
  it.each(Object.keys(GENERATED))('%s is what deploy/prometheus/rules.ts writes', async (path) => {
    const render = GENERATED[path as keyof typeof GENERATED]
    expect(readFileSync(join(root, path), 'utf8'), 'run: npx tsx deploy/prometheus/rules.ts').toBe(render())
  })

  it('the compose rules and the PrometheusRule hold the same groups, and promtool accepts both', () => {
    const compose = parse(readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8'))
    const rule = parse(readFileSync(join(root, 'deploy/k8s/monitoring/prometheusrule.yaml'), 'utf8'))
    expect(rule.spec).toEqual(compose)
    writeFileSync(join(scratch, 'from-prometheusrule.yml'), stringify(rule.spec))
    for (const file of [join(root, 'deploy/prometheus/alerts.yml'), join(scratch, 'from-prometheusrule.yml')]) {
      const result = run(tools.promtool, ['check', 'rules', file])
      expect(result.status, result.stdout + result.stderr).toBe(0)
    }
  })

  it('no rule filters on a job name, and every selector is limited to our targets', () => {
    for (const alert of alerts()) expect(alert.expr, alert.alert).not.toMatch(/job=/)
    const raw = readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8')
    const selectors = [...raw.matchAll(/\b(?!plumbline:)([a-z_]+)\{([^}]*)\}/g)].filter(([, , labels]) => !labels.includes('$'))
    for (const [whole, , labels] of selectors) if (!/^route|^service="gateway"$/.test(labels)) expect(labels, whole).toContain(OURS)
  })
})

describe('promtool unit tests of every alert', () => {
  it('every alert fires in some scenario, in every variant', () => {
    for (const variant of VARIANTS)
      for (const alert of alerts()) {
        const fires = SCENARIOS.some((s) => (s.expect[alert.alert]?.(variant).length ?? 0) > 0)
        expect(fires, `${alert.alert} (${variant.name}) has a scenario where it fires`).toBe(true)
      }
  })

  it.each(VARIANTS)('$name', (variant) => {
    const file = join(scratch, `tests-${variant.name.replace(/\W+/g, '-')}.yml`)
    writeFileSync(file, promtoolTests(variant, join(root, 'deploy/prometheus/alerts.yml')))
    const result = run(tools.promtool, ['test', 'rules', file])
    expect(result.status, result.stdout + result.stderr).toBe(0)
  })

  it('would catch the review finding: summing the copies of two replicas fires ConsumerLagging at a real lag of 60', () => {
    const summed = readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8').replace(
      /max by \(namespace, service, durable\) \(messaging_consumer_pending/,
      'sum by (namespace, service, durable) (messaging_consumer_pending',
    )
    writeFileSync(join(scratch, 'summed.yml'), summed)
    const file = join(scratch, 'summed-tests.yml')
    writeFileSync(file, promtoolTests(VARIANTS[2], join(scratch, 'summed.yml')))
    const result = run(tools.promtool, ['test', 'rules', file])
    expect(result.status).not.toBe(0)
    expect(result.stdout + result.stderr).toMatch(/ConsumerLagging/)
  })
})

describe('runbooks', () => {
  it.each(alerts().map((a) => a.alert))('%s links its runbook in docs/runbooks, which says what it means, how to check and how to fix', (alert) => {
    const rule = parse(readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8'))
      .groups.flatMap((g: { rules: { alert?: string; annotations?: Record<string, string> }[] }) => g.rules)
      .find((r: { alert?: string }) => r.alert === alert)
    expect(rule.annotations.runbook_url).toBe(runbookUrl(alert))
    expect(rule.annotations.runbook_url.endsWith(`/docs/runbooks/${alert}.md`)).toBe(true)
    const file = join(root, 'docs', 'runbooks', `${alert}.md`)
    expect(existsSync(file), file).toBe(true)
    const text = readFileSync(file, 'utf8')
    for (const heading of ['## What it means', '## How to check', '## How to fix']) expect(text, `${alert}.md: ${heading}`).toContain(heading)
  })
})

describe('Alertmanager', () => {
  it('compose runs one that Prometheus sends to, routing by e-mail through the SMTP server auth uses there', () => {
    const compose = readCompose()
    const config = parse(readFileSync(join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
      alerting: { alertmanagers: { static_configs: { targets: string[] }[] }[] }
    }
    const [host, port] = config.alerting.alertmanagers[0].static_configs[0].targets[0].split(':')
    expect(compose[host], `compose service ${host}`).toBeDefined()
    expect(JSON.stringify(compose[host].healthcheck?.test)).toContain(`:${port}/`)
    expect(compose[host].volumes).toContain('./deploy/alertmanager/alertmanager.yml:/etc/alertmanager/alertmanager.yml:ro')
    const smtp = new URL(composeEnvironment(compose.auth).SMTP_URL)
    expect(COMPOSE_EMAIL.smarthost).toBe(`${smtp.hostname}:${smtp.port}`)
    const result = run(tools.amtool, ['check-config', join(root, 'deploy/alertmanager/alertmanager.yml')])
    expect(result.status, result.stdout + result.stderr).toBe(0)
  })

  it('compose Prometheus scrapes each service with the part_of and service labels the PodMonitors give', () => {
    const config = parse(readFileSync(join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
      scrape_configs: { honor_labels?: boolean; static_configs: { targets: string[]; labels: Labels }[] }[]
    }
    const targets = config.scrape_configs.flatMap((c) => c.static_configs.map((s) => ({ ...s, honor: c.honor_labels })))
    expect(targets.map((t) => t.labels.service).sort()).toEqual(Object.keys(PORTS).sort())
    for (const t of targets) {
      expect(t.targets, t.labels.service).toEqual([`${t.labels.service}:${PORTS[t.labels.service]}`])
      expect(t.labels.part_of).toBe('plumbline')
      expect(t.honor).toBe(true)
    }
  })

  it.each(overlays)('%s: the PodMonitors scrape every service once on its metrics port, and the AlertmanagerConfig reads a Secret that exists', (overlay) => {
    const objects = rendered(overlay)
    type PodMonitor = K8sObject & {
      spec: {
        selector: { matchLabels?: Labels; matchExpressions?: { key: string; operator: string; values: string[] }[] }
        podMetricsEndpoints: { port: string; path: string; honorLabels?: boolean; relabelings: { sourceLabels: string[]; targetLabel: string }[] }[]
      }
    }
    const monitors = ofKind<PodMonitor>(objects, 'PodMonitor')
    const selects = (m: PodMonitor, labels: Labels) =>
      Object.entries(m.spec.selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
      (m.spec.selector.matchExpressions ?? []).every((e) => e.operator === 'In' && e.values.includes(labels[e.key]))
    for (const deployment of ofKind<Deployment>(objects, 'Deployment').filter((d) => PORTS[d.metadata.name] !== undefined)) {
      const labels = deployment.spec.template.metadata.labels
      const chosen = monitors.filter((m) => selects(m, labels))
      expect(chosen.length, `${deployment.metadata.name}: PodMonitors`).toBe(1)
      const container = deployment.spec.template.spec.containers[0]
      for (const endpoint of chosen[0].spec.podMetricsEndpoints) {
        const port = container.ports?.find((p) => p.name === endpoint.port)
        expect(port?.containerPort, `${deployment.metadata.name} scraped on ${endpoint.port}`).toBe(PORTS[deployment.metadata.name])
        expect(endpoint.honorLabels).toBe(true)
        const targets = Object.fromEntries(endpoint.relabelings.map((r) => [r.targetLabel, r.sourceLabels[0]]))
        // Prometheus' service discovery names a pod label __meta_kubernetes_pod_label_<label, non-word characters as _>.
        const podLabel = (meta: string) => Object.entries(labels).find(([key]) => `__meta_kubernetes_pod_label_${key.replace(/\W/g, '_')}` === meta)?.[1]
        expect(podLabel(targets.service)).toBe(deployment.metadata.name)
        expect(podLabel(targets.part_of)).toBe('plumbline')
      }
    }
    type AlertmanagerConfig = K8sObject & { spec: { receivers: { emailConfigs?: { authPassword: { name: string; key: string } }[] }[] } }
    const config = named<AlertmanagerConfig>(objects, 'AlertmanagerConfig', 'plumbline')
    const refs = config.spec.receivers.flatMap((r) => r.emailConfigs ?? []).map((e) => e.authPassword)
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of refs) {
      const secret = named<K8sObject & { data: Record<string, string> }>(objects, 'Secret', ref.name)
      expect(Object.keys(secret.data), ref.name).toContain(ref.key)
    }
  })
})
