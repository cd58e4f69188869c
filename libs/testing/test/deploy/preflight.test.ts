// `npm run preflight` against two clusters that exist only as kubectl's answers: a stub `kubectl`
// first on PATH answers each read from a folder of JSON (what a bare cluster and a ready one would
// print) and hands `kubectl kustomize` to the real binary. A bare cluster gets each missing
// prerequisite named; a ready one passes. Also: the NATS StatefulSet under deploy/nats is what the
// services and the preflight expect, and no NetworkPolicy names a namespace.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { copyWithSecrets, type K8sObject, ofKind, overlays, rendered, root } from './manifests.ts'

const scratch = mkdtempSync(join(tmpdir(), 'plumbline-preflight-'))
const copies: string[] = []
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true })
  for (const copy of copies) rmSync(copy, { recursive: true, force: true })
})
const realKubectl = execFileSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).trim()

// The stub: `kubectl [--context c] get <resource> [name] [--namespace n | --all-namespaces] -o json`
// prints <fixtures>/<resource>[.<name>].json, or fails as kubectl does for a missing object.
const STUB = `#!/usr/bin/env node
const { readFileSync, existsSync, appendFileSync } = require('node:fs')
const { spawnSync } = require('node:child_process')
const args = process.argv.slice(2)
appendFileSync(process.env.STUB_LOG, args.join(' ') + '\\n')
if (args[0] === 'kustomize') process.exit(spawnSync(process.env.REAL_KUBECTL, args, { stdio: 'inherit' }).status)
const words = args.filter((a, i) => !a.startsWith('-') && !['--context', '--namespace', '-o'].includes(args[i - 1]))
const file = words[0] === 'version' ? 'version' : [words[1], words[2]].filter(Boolean).join('.')
const path = process.env.FIXTURES + '/' + file + '.json'
if (!existsSync(path)) { process.stderr.write('Error from server (NotFound): ' + file + ' not found\\n'); process.exit(1) }
process.stdout.write(readFileSync(path, 'utf8'))
`

const list = (...items: object[]) => ({ apiVersion: 'v1', kind: 'List', items })
const named = (name: string, extra: object = {}) => ({ metadata: { name, ...extra } })

type Cluster = Record<string, unknown>
const BARE: Cluster = {
  version: { serverVersion: { gitVersion: 'v1.31.2' } },
  customresourcedefinitions: list(),
  storageclasses: list({ ...named('standard'), provisioner: 'kubernetes.io/no-provisioner' }),
  daemonsets: list(
    {
      ...named('kube-flannel-ds', { namespace: 'kube-flannel' }),
      spec: { template: { spec: { containers: [{ name: 'kube-flannel', image: 'flannel/flannel:v0.25' }] } } },
    },
    {
      ...named('kube-proxy', { namespace: 'kube-system' }),
      spec: { template: { spec: { containers: [{ name: 'kube-proxy', image: 'registry.k8s.io/kube-proxy:v1.31.2' }] } } },
    },
  ),
  ingressclasses: list(),
  namespaces: list(named('default'), named('kube-system')),
}
const crd = (name: string) => named(name)
const READY: Cluster = {
  ...BARE,
  'namespace.plumbline': named('plumbline'),
  customresourcedefinitions: list(
    ...[
      'certificates.cert-manager.io',
      'issuers.cert-manager.io',
      'podmonitors.monitoring.coreos.com',
      'prometheusrules.monitoring.coreos.com',
      'alertmanagerconfigs.monitoring.coreos.com',
      'prometheuses.monitoring.coreos.com',
      'alertmanagers.monitoring.coreos.com',
    ].map(crd),
  ),
  // kube-prometheus-stack with the selectors docs/deploying.md asks for.
  prometheuses: list({
    ...named('kube-prometheus-stack-prometheus', { namespace: 'monitoring' }),
    spec: { podMonitorSelector: {}, podMonitorNamespaceSelector: {}, ruleSelector: {}, ruleNamespaceSelector: {} },
  }),
  alertmanagers: list({
    ...named('kube-prometheus-stack-alertmanager', { namespace: 'monitoring' }),
    spec: { alertmanagerConfigSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'plumbline' } }, alertmanagerConfigNamespaceSelector: {} },
  }),
  storageclasses: list({ ...named('shared', { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }), provisioner: 'nfs.csi.k8s.io' }),
  'apiservice.v1beta1.metrics.k8s.io': { status: { conditions: [{ type: 'Available', status: 'True' }] } },
  daemonsets: list({
    ...named('calico-node', { namespace: 'calico-system' }),
    spec: { template: { spec: { containers: [{ name: 'calico-node', image: 'docker.io/calico/node:v3.28.0' }] } } },
  }),
  ingressclasses: list(named('nginx')),
  namespaces: list(
    named('plumbline'),
    named('ingress-nginx', { labels: { 'plumbline.io/ingress-controller': 'true' } }),
    named('monitoring', { labels: { 'plumbline.io/monitoring': 'true' } }),
    named('plumbline-data', { labels: { 'plumbline.io/data': 'true' } }),
  ),
  'endpoints.nats': { subsets: [{ addresses: [{ ip: '10.42.0.5' }, { ip: '10.42.1.5' }, { ip: '10.42.2.5' }] }] },
}

/** Runs the preflight CLI against a cluster of fixtures; the overlay (production) is rendered with its secrets written. */
function preflight(cluster: Cluster, overlayDir?: string) {
  const name = `cluster-${copies.length}-${Math.random().toString(36).slice(2, 8)}`
  const fixtures = join(scratch, name)
  mkdirSync(fixtures, { recursive: true })
  for (const [file, body] of Object.entries(cluster)) writeFileSync(join(fixtures, `${file}.json`), JSON.stringify(body))
  const bin = join(scratch, 'bin')
  mkdirSync(bin, { recursive: true })
  writeFileSync(join(bin, 'kubectl'), STUB)
  chmodSync(join(bin, 'kubectl'), 0o755)
  const log = join(fixtures, 'calls.log')
  writeFileSync(log, '')
  let dir = overlayDir
  if (!dir) {
    const copy = copyWithSecrets('production')
    copies.push(copy)
    dir = join(copy, 'overlays', 'production')
  }
  const result = spawnSync('npx', ['tsx', join(root, 'scripts/preflight.ts'), '--context', 'prod-eu', '--overlay-dir', dir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, FIXTURES: fixtures, REAL_KUBECTL: realKubectl, STUB_LOG: log },
  })
  return { status: result.status, output: result.stdout + result.stderr, calls: readFileSync(log, 'utf8') }
}

// Each test runs the real script (tsx) and renders the overlays with kubectl: seconds of CPU that
// the lower-priority unit lane stretches beside the journeys. The limit catches a hang.
describe('npm run preflight', { timeout: 90_000 }, () => {
  it('names every missing prerequisite of a bare cluster, and fails', () => {
    const { status, output, calls } = preflight(BARE)
    expect(status, output).toBe(1)
    for (const missing of [
      /✗ namespace plumbline: missing: kubectl create namespace plumbline/,
      /✗ CRD certificates\.cert-manager\.io: missing.*install cert-manager/,
      /✗ CRD issuers\.cert-manager\.io/,
      /✗ CRD podmonitors\.monitoring\.coreos\.com: missing.*prometheus-operator/,
      /✗ CRD prometheusrules\.monitoring\.coreos\.com/,
      /✗ CRD alertmanagerconfigs\.monitoring\.coreos\.com/,
      /✗ a Prometheus: none runs/,
      /✗ an Alertmanager: none runs/,
      /✗ a default storage class/,
      /✗ metrics-server: .*install metrics-server/,
      /✗ NetworkPolicy enforcement: no policy-enforcing CNI found/,
      /✗ IngressClass nginx: missing/,
      /✗ a namespace labelled plumbline\.io\/ingress-controller=true/,
      /✗ a namespace labelled plumbline\.io\/monitoring=true/,
      /✗ a namespace labelled plumbline\.io\/data=true/,
      /✗ NATS at nats:\/\/nats\.plumbline-data:4222: no Service nats in plumbline-data: kubectl apply -k deploy\/nats/,
    ])
      expect(output).toMatch(missing)
    expect(output).toMatch(/\d+ prerequisites missing/)
    // Every read went to the context asked for.
    for (const call of calls.split('\n').filter((c) => c && !c.startsWith('kustomize'))) expect(call).toMatch(/^--context prod-eu /)
  })

  it('passes a cluster that has them all', () => {
    const { status, output } = preflight(READY)
    expect(output).not.toMatch(/✗/)
    expect(output).toMatch(/Every prerequisite is in place/)
    expect(status, output).toBe(0)
  })

  it("names a Prometheus and an Alertmanager that would not read the overlay's objects (kube-prometheus-stack's defaults)", () => {
    const { status, output } = preflight({
      ...READY,
      prometheuses: list({
        ...named('kps-prometheus', { namespace: 'monitoring' }),
        spec: { podMonitorSelector: { matchLabels: { release: 'kps' } }, podMonitorNamespaceSelector: {}, ruleSelector: { matchLabels: { release: 'kps' } } },
      }),
      alertmanagers: list({ ...named('kps-alertmanager', { namespace: 'monitoring' }), spec: {} }),
    })
    expect(status).toBe(1)
    expect(output).toMatch(/✗ PodMonitor plumbline-services is read: no Prometheus's podMonitorSelector .*podMonitorSelectorNilUsesHelmValues=false/)
    expect(output).toMatch(/✗ PodMonitor plumbline-gateway is read/)
    // A rule namespace selector left out reads only Prometheus' own namespace.
    expect(output).toMatch(/✗ PrometheusRule plumbline is read: .*ruleSelectorNilUsesHelmValues=false/)
    expect(output).toMatch(/✗ AlertmanagerConfig plumbline is read: no Alertmanager's alertmanagerConfigSelector/)
  })

  it('names what is short of ready: one NATS server for R3 streams', () => {
    const { status, output } = preflight({ ...READY, 'endpoints.nats': { subsets: [{ addresses: [{ ip: '10.42.0.5' }] }] } })
    expect(status).toBe(1)
    expect(output).toMatch(/✗ NATS at .*1 ready server; the streams ask for 3/)
  })

  it('checks a claim asking ReadWriteMany against the class it would get', async () => {
    const { preflight: check } = await import('../../../../scripts/preflight.ts')
    const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'shared-files' }, spec: { accessModes: ['ReadWriteMany'] } }
    const answers = (cluster: Cluster) => (args: string[]) => {
      const words = args.filter((a) => !a.startsWith('-'))
      const body = cluster[words[0] === 'version' ? 'version' : [words[1], words[2]].filter(Boolean).join('.')]
      return body === undefined ? { ok: false, stderr: 'NotFound' } : { ok: true, json: body, stderr: '' }
    }
    const objects = [...rendered('production'), claim] as Parameters<typeof check>[0]
    const rwx = (cluster: Cluster) => check(objects, answers(cluster)).find((c) => c.name === 'ReadWriteMany storage for shared-files')
    expect(rwx(READY)).toMatchObject({ ok: true, detail: 'shared (nfs.csi.k8s.io)' })
    const blockOnly = {
      ...READY,
      storageclasses: list({ ...named('gp3', { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }), provisioner: 'ebs.csi.aws.com' }),
    }
    expect(rwx(blockOnly)).toMatchObject({ ok: false, detail: expect.stringMatching(/class gp3 \(ebs\.csi\.aws\.com\) is not known to offer ReadWriteMany/) })
  })

  it('names the secret files still to write before anything else', () => {
    const copy = copyWithSecrets('production', { secrets: false })
    copies.push(copy)
    const { status, output } = preflight(READY, join(copy, 'overlays', 'production'))
    expect(status).toBe(1)
    expect(output).toMatch(/✗ the overlay renders: the overlay's secret files are not written: secrets\//)
  })
})

describe('deploy/nats: three JetStream servers where the services look for them', () => {
  /** Production's NATS, and the dev overlay's (deploy/nats-dev: the same servers in its own namespace). */
  const natsOf = (overlay: string) =>
    parseAllDocuments(execFileSync('kubectl', ['kustomize', join(root, overlay === 'dev' ? 'deploy/nats-dev' : 'deploy/nats')], { encoding: 'utf8' })).map(
      (d) => d.toJS() as K8sObject,
    )
  const objects = natsOf('production')
  type StatefulSet = K8sObject & {
    spec: { replicas: number; serviceName: string; template: { spec: { containers: { args: string[]; envFrom: { secretRef: { name: string } }[] }[] } } }
  }

  it('a StatefulSet of three whose cluster routes name its own pods, reading the passwords from the Secret the README says to create', async () => {
    const sts = ofKind<StatefulSet>(objects, 'StatefulSet')[0]
    expect(sts.spec.replicas).toBe(3)
    const routes = [...readFileSync(join(root, 'deploy/nats/cluster.conf'), 'utf8').matchAll(/nats:\/\/([\w.-]+):6222/g)].map((m) => m[1])
    expect(routes).toEqual(Array.from({ length: sts.spec.replicas }, (_, i) => `${sts.metadata.name}-${i}.${sts.spec.serviceName}`))
    expect(ofKind(objects, 'Service').map((s) => s.metadata.name)).toContain(sts.spec.serviceName)
    expect(sts.spec.template.spec.containers[0].args).toEqual(['-c', '/etc/nats/cluster.conf'])
    // The passwords: a Secret the operator creates (never committed), named as the kustomization says.
    expect(sts.spec.template.spec.containers[0].envFrom[0].secretRef.name).toBe('nats-passwords')
    expect(readFileSync(join(root, 'deploy/nats/kustomization.yaml'), 'utf8')).toContain('create secret generic nats-passwords')
    const { StatefulSet: Model } = await import('kubernetes-models/apps/v1/StatefulSet')
    new Model(sts as never).validate()
  })

  it.each(overlays)(
    '%s: its Service answers at the NATS_URL of every service, in a namespace their policies reach, with a server per stream replica',
    (overlay) => {
      const objects = natsOf(overlay)
      const ns = ofKind<K8sObject & { metadata: { labels: Record<string, string> } }>(objects, 'Namespace')[0]
      const service = ofKind(objects, 'Service').find((s) => s.metadata.name === 'nats')
      const sts = ofKind<StatefulSet>(objects, 'StatefulSet')[0]
      const app = rendered(overlay)
      for (const config of ofKind<K8sObject & { data: Record<string, string> }>(app, 'ConfigMap').filter((c) => c.data.NATS_URL)) {
        expect(new URL(config.data.NATS_URL).hostname, config.metadata.name).toBe(`${service?.metadata.name}.${ns.metadata.name}`)
        expect(Number(config.data.STREAM_REPLICAS ?? 1)).toBeLessThanOrEqual(sts.spec.replicas)
      }
      const dataSelectors = ofKind<
        K8sObject & { spec: { egress?: { to?: { namespaceSelector?: { matchLabels?: Record<string, string> } }[]; ports?: { port: number }[] }[] } }
      >(app, 'NetworkPolicy')
        .flatMap((p) => p.spec.egress ?? [])
        .filter((rule) => rule.ports?.some((p) => p.port === 4222))
        .flatMap((rule) => rule.to ?? [])
      expect(dataSelectors.length).toBeGreaterThan(0)
      for (const to of dataSelectors)
        for (const [key, value] of Object.entries(to.namespaceSelector?.matchLabels ?? {})) expect(ns.metadata.labels[key], key).toBe(value)
    },
  )
})

describe.each(overlays)('overlay %s: NetworkPolicies', (overlay) => {
  it('select other namespaces only by the plumbline.io labels the README documents, never by name', () => {
    const readme = readFileSync(join(root, 'deploy/README.md'), 'utf8')
    const policies = ofKind<K8sObject & { spec: object }>(rendered(overlay), 'NetworkPolicy')
    const labels = new Set<string>()
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit)
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'namespaceSelector') for (const label of Object.keys((inner as { matchLabels?: object }).matchLabels ?? {})) labels.add(label)
          visit(inner)
        }
    }
    for (const policy of policies) visit(policy.spec)
    expect(labels.size).toBeGreaterThan(0)
    for (const label of labels) {
      expect(label, 'a namespace name is not a role').not.toBe('kubernetes.io/metadata.name')
      expect(label).toMatch(/^plumbline\.io\//)
      expect(readme, `deploy/README.md documents ${label}`).toContain(label)
    }
  })
})
