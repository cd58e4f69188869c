// `npm run preflight -- --context <ctx> [--overlay production]`: before a rollout, asks the cluster
// (read-only, with kubectl) for everything the overlay takes for granted and names each prerequisite
// that is missing, with what to do; exits 1 when one is. What it checks is read from the rendered
// overlay itself, so a new custom resource, class or namespace label is checked without editing this:
//   the overlay renders (its secret files are written) and its namespace exists
//   the CRDs of every custom resource it holds (cert-manager, prometheus-operator)
//   a Prometheus and an Alertmanager run (prometheus-operator) and their selectors take the
//   overlay's PodMonitors, PrometheusRule and AlertmanagerConfig
//   a default storage class (the NATS StatefulSet's volumes), and ReadWriteMany where a claim asks it
//   metrics-server (the HorizontalPodAutoscalers read CPU from it)
//   a CNI that enforces NetworkPolicy (otherwise the default deny protects nothing)
//   the IngressClass the Ingresses name
//   a namespace for each label the NetworkPolicies select (plumbline.io/*)
//   NATS at the address the services use, with as many servers as their streams' replicas
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { parseAllDocuments } from 'yaml'

const root = join(import.meta.dirname, '..')

// kubectl's JSON is read field by field, each read guarded where a field may be absent.
// biome-ignore lint/suspicious/noExplicitAny: an API object of any kind
type Json = any
type Obj = {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> }
  spec?: Json
  data?: Json
  status?: Json
}
type List = { items: Obj[] }
export type Check = { name: string; ok: boolean; detail: string }

/** kubectl against one context: JSON of a read, or undefined when it failed (not found, forbidden, no such kind). */
export type Kubectl = (args: string[]) => { ok: boolean; json?: Json; stderr: string }

export function kubectlFor(context: string | undefined): Kubectl {
  return (args) => {
    const r = spawnSync('kubectl', [...(context ? ['--context', context] : []), ...args, '-o', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    if (r.error) return { ok: false, stderr: String(r.error) }
    if (r.status !== 0) return { ok: false, stderr: r.stderr.trim() }
    try {
      return { ok: true, json: JSON.parse(r.stdout), stderr: '' }
    } catch {
      return { ok: false, stderr: `not JSON: ${r.stdout.slice(0, 200)}` }
    }
  }
}

/** The plural resource name of a kind as CRDs name them (Certificate → certificates). */
const plural = (kind: string) => `${kind.toLowerCase()}${kind.endsWith('s') ? 'es' : 's'}`

/** CNIs (and their policy engines) that enforce NetworkPolicy, found by their DaemonSets' names or images. */
const POLICY_ENGINES = /calico|cilium|antrea|weave|kube-router|canal|azure-npm|network-policy|anetd|kube-ovn|romana/i
/** Provisioners known to offer ReadWriteMany volumes. */
const RWX_PROVISIONERS = /efs\.csi\.aws\.com|filestore\.csi\.storage\.gke\.io|file\.csi\.azure\.com|nfs|cephfs|glusterfs|longhorn|azurefile|portworx/i

const items = (r: ReturnType<Kubectl>): Obj[] => (r.ok ? ((r.json as List).items ?? []) : [])

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] }
/** A Kubernetes label selector against labels ({} selects everything). */
export function selects(selector: Selector, labels: Record<string, string>): boolean {
  const operators: Record<string, (e: NonNullable<Selector['matchExpressions']>[number]) => boolean> = {
    In: (e) => e.key in labels && (e.values ?? []).includes(labels[e.key]),
    NotIn: (e) => !(e.key in labels) || !(e.values ?? []).includes(labels[e.key]),
    Exists: (e) => e.key in labels,
    DoesNotExist: (e) => !(e.key in labels),
  }
  const expression = (e: NonNullable<Selector['matchExpressions']>[number]) => operators[e.operator]?.(e) ?? false
  return Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) && (selector.matchExpressions ?? []).every(expression)
}

export function preflight(objects: Obj[], kubectl: Kubectl): Check[] {
  const checks: Check[] = []
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail })
  const of = (kind: string) => objects.filter((o) => o.kind === kind)

  const version = kubectl(['version'])
  if (!version.ok) {
    check('the cluster answers', false, `kubectl cannot reach it: ${version.stderr}`)
    return checks
  }
  check('the cluster answers', true, `Kubernetes ${version.json?.serverVersion?.gitVersion ?? '?'}`)

  const namespace = objects.find((o) => o.metadata.namespace)?.metadata.namespace
  let namespaceLabels: Record<string, string> = {}
  if (namespace) {
    const ns = kubectl(['get', 'namespace', namespace])
    namespaceLabels = { 'kubernetes.io/metadata.name': namespace, ...(ns.json?.metadata?.labels ?? {}) }
    check(`namespace ${namespace}`, ns.ok, ns.ok ? 'exists' : `missing: kubectl create namespace ${namespace}`)
  }

  // Custom resources: their CRDs, by group.
  const crds = new Set(items(kubectl(['get', 'customresourcedefinitions'])).map((c) => c.metadata.name))
  // Kubernetes' own groups have no dot (apps, policy) or end in .k8s.io; any other group is a CRD's.
  const isCustom = (o: Obj) => o.apiVersion.includes('/') && o.apiVersion.split('/')[0].includes('.') && !o.apiVersion.split('/')[0].endsWith('.k8s.io')
  const custom = [...new Map(objects.filter(isCustom).map((o) => [`${plural(o.kind)}.${o.apiVersion.split('/')[0]}`, o])).entries()]
  const installWith: Record<string, string> = {
    'cert-manager.io': 'install cert-manager (its Helm chart with crds.enabled=true)',
    'monitoring.coreos.com': 'install the prometheus-operator (e.g. the kube-prometheus-stack Helm chart)',
  }
  for (const [crd, object] of custom) {
    const group = object.apiVersion.split('/')[0]
    check(
      `CRD ${crd}`,
      crds.has(crd),
      crds.has(crd) ? `for ${object.kind}` : `missing, needed by ${object.kind} ${object.metadata.name}: ${installWith[group] ?? 'install its operator'}`,
    )
  }

  // The prometheus-operator's own objects, which read the PodMonitors, rules and routes, and
  // whether their selectors take ours (kube-prometheus-stack's defaults take only its own release's).
  if (objects.some((o) => o.apiVersion.startsWith('monitoring.coreos.com/'))) {
    const readers: { kind: string; reads: { kind: string; selector: string; namespaceSelector: string; helmValue: string }[] }[] = [
      {
        kind: 'Prometheus',
        reads: [
          {
            kind: 'PodMonitor',
            selector: 'podMonitorSelector',
            namespaceSelector: 'podMonitorNamespaceSelector',
            helmValue: 'prometheus.prometheusSpec.podMonitorSelectorNilUsesHelmValues=false',
          },
          {
            kind: 'PrometheusRule',
            selector: 'ruleSelector',
            namespaceSelector: 'ruleNamespaceSelector',
            helmValue: 'prometheus.prometheusSpec.ruleSelectorNilUsesHelmValues=false',
          },
        ],
      },
      {
        kind: 'Alertmanager',
        reads: [
          {
            kind: 'AlertmanagerConfig',
            selector: 'alertmanagerConfigSelector',
            namespaceSelector: 'alertmanagerConfigNamespaceSelector',
            helmValue: 'alertmanager.alertmanagerSpec.alertmanagerConfigSelector (e.g. {})',
          },
        ],
      },
    ]
    for (const { kind, reads } of readers) {
      const found = crds.has(`${plural(kind)}.monitoring.coreos.com`) ? items(kubectl(['get', plural(kind), '--all-namespaces'])) : []
      check(
        `${kind === 'Alertmanager' ? 'an' : 'a'} ${kind}`,
        found.length > 0,
        found.length
          ? found.map((p) => `${p.metadata.namespace}/${p.metadata.name}`).join(', ')
          : `none runs: the ${reads.map((r) => r.kind).join(' and ')} would be read by nobody (kube-prometheus-stack runs both)`,
      )
      if (!found.length) continue
      for (const read of reads)
        for (const ours of of(read.kind)) {
          // A selector left out selects nothing (a namespace selector left out: only the reader's own namespace).
          const reader = found.find(
            (r) =>
              r.spec?.[read.selector] != null &&
              selects(r.spec[read.selector], ours.metadata.labels ?? {}) &&
              (r.spec?.[read.namespaceSelector] == null ? r.metadata.namespace === namespace : selects(r.spec[read.namespaceSelector], namespaceLabels)),
          )
          check(
            `${read.kind} ${ours.metadata.name} is read`,
            reader !== undefined,
            reader
              ? `by ${kind} ${reader.metadata.namespace}/${reader.metadata.name}`
              : `no ${kind}'s ${read.selector} and ${read.namespaceSelector} select it (labels ${JSON.stringify(ours.metadata.labels ?? {})}, namespace ${namespace}): with kube-prometheus-stack set ${read.helmValue}`,
          )
        }
    }
  }

  // Storage: a default class for claims that name none (the NATS StatefulSet's), ReadWriteMany where asked.
  const classes = items(kubectl(['get', 'storageclasses']))
  const defaultClass = classes.find(
    (c) =>
      c.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true' ||
      c.metadata.annotations?.['storageclass.beta.kubernetes.io/is-default-class'] === 'true',
  )
  check(
    'a default storage class',
    defaultClass !== undefined,
    defaultClass ? defaultClass.metadata.name : `none of ${classes.length} classes is the default: NATS' volumes would stay Pending`,
  )
  for (const claim of of('PersistentVolumeClaim').filter((c) => (c.spec?.accessModes ?? []).includes('ReadWriteMany'))) {
    const className = claim.spec?.storageClassName ?? defaultClass?.metadata.name
    const cls = classes.find((c) => c.metadata.name === className)
    const ok = cls !== undefined && RWX_PROVISIONERS.test((cls as Obj & { provisioner?: string }).provisioner ?? '')
    check(
      `ReadWriteMany storage for ${claim.metadata.name}`,
      ok,
      ok
        ? `${className} (${(cls as Obj & { provisioner?: string }).provisioner})`
        : `class ${className ?? '(none)'}${cls ? ` (${(cls as Obj & { provisioner?: string }).provisioner})` : ''} is not known to offer ReadWriteMany: name one that does (EFS, Filestore, Azure Files, NFS, CephFS) in the overlay`,
    )
  }

  // metrics-server, for the HPAs.
  if (of('HorizontalPodAutoscaler').length) {
    const api = kubectl(['get', 'apiservice', 'v1beta1.metrics.k8s.io'])
    const available =
      api.ok && (api.json?.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Available' && c.status === 'True')
    check(
      'metrics-server',
      available,
      available
        ? 'v1beta1.metrics.k8s.io is available'
        : `the HPAs read CPU from metrics.k8s.io, which ${api.ok ? 'is not available' : 'is not installed'}: install metrics-server`,
    )
  }

  // A CNI that enforces NetworkPolicy.
  if (of('NetworkPolicy').length) {
    const daemonsets = items(kubectl(['get', 'daemonsets', '--all-namespaces']))
    const engine = daemonsets.find((d) =>
      POLICY_ENGINES.test(
        [d.metadata.name, ...(d.spec?.template?.spec?.containers ?? []).map((c: { name: string; image: string }) => `${c.name} ${c.image}`)].join(' '),
      ),
    )
    check(
      'NetworkPolicy enforcement',
      engine !== undefined,
      engine
        ? `${engine.metadata.namespace}/${engine.metadata.name}`
        : 'no policy-enforcing CNI found (Calico, Cilium, Antrea, …; flannel, kindnet and plain VPC CNIs ignore NetworkPolicy): the default deny would protect nothing',
    )
  }

  // The IngressClass the Ingresses name.
  const ingressClasses = new Set(items(kubectl(['get', 'ingressclasses'])).map((c) => c.metadata.name))
  for (const name of new Set(
    of('Ingress')
      .map((i) => i.spec?.ingressClassName as string)
      .filter(Boolean),
  ))
    check(`IngressClass ${name}`, ingressClasses.has(name), ingressClasses.has(name) ? 'present' : `missing: install its controller (ingress-nginx)`)

  // A namespace for each label the NetworkPolicies select.
  const namespaces = items(kubectl(['get', 'namespaces']))
  const selectors = new Map<string, string>()
  for (const policy of of('NetworkPolicy'))
    for (const rule of [
      ...(policy.spec?.ingress ?? []).flatMap((r: { from?: unknown[] }) => r.from ?? []),
      ...(policy.spec?.egress ?? []).flatMap((r: { to?: unknown[] }) => r.to ?? []),
    ])
      for (const [key, value] of Object.entries(
        (rule as { namespaceSelector?: { matchLabels?: Record<string, string> } }).namespaceSelector?.matchLabels ?? {},
      ))
        selectors.set(`${key}=${value}`, policy.metadata.name)
  for (const [label, policy] of selectors) {
    const [key, value] = label.split('=')
    const labelled = namespaces.filter((n) => n.metadata.labels?.[key] === value).map((n) => n.metadata.name)
    check(
      `a namespace labelled ${label}`,
      labelled.length > 0,
      labelled.length ? labelled.join(', ') : `none (NetworkPolicy ${policy} selects it): kubectl label namespace <ns> ${label}`,
    )
  }

  // NATS where the services look for it, with enough servers for their streams' replicas.
  const config = of('ConfigMap').map((c) => c.data ?? {})
  const natsUrl = config.map((d) => d.NATS_URL).find(Boolean) as string | undefined
  if (natsUrl) {
    const [service, natsNamespace = namespace ?? 'default'] = new URL(natsUrl).hostname.split('.')
    const replicas = Math.max(1, ...config.map((d) => Number(d.STREAM_REPLICAS ?? 1)))
    const endpoints = kubectl(['get', 'endpoints', service, '--namespace', natsNamespace])
    const ready = endpoints.ok ? (endpoints.json?.subsets ?? []).flatMap((s: { addresses?: unknown[] }) => s.addresses ?? []).length : 0
    check(
      `NATS at ${natsUrl}`,
      ready >= replicas,
      endpoints.ok
        ? `${ready} ready server${ready === 1 ? '' : 's'}; the streams ask for ${replicas}${ready < replicas ? ': kubectl apply -k deploy/nats (three servers)' : ''}`
        : `no Service ${service} in ${natsNamespace}: kubectl apply -k deploy/nats`,
    )
  }
  return checks
}

/** The overlay as kubectl would apply it; throws naming the secret files still to write. */
export function renderOverlay(dir: string): Obj[] {
  const missing = existsSync(join(dir, 'secrets')) ? [] : ['secrets/ (the git-ignored folder of secret files)']
  const secretsDir = join(dir, 'secrets')
  const wanted = existsSync(join(root, 'deploy/k8s/secrets.example'))
    ? readdirSync(join(root, 'deploy/k8s/secrets.example')).filter((f) => f.endsWith('.env'))
    : []
  if (!missing.length) missing.push(...wanted.filter((f) => !existsSync(join(secretsDir, f))).map((f) => `secrets/${f}`))
  if (missing.length) throw new Error(`the overlay's secret files are not written: ${missing.join(', ')} (deploy/README.md, "Secrets")`)
  const yaml = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  return parseAllDocuments(yaml)
    .map((d) => d.toJS() as Obj)
    .filter(Boolean)
}

function main() {
  const { values } = parseArgs({
    options: { context: { type: 'string' }, overlay: { type: 'string', default: 'production' }, 'overlay-dir': { type: 'string' } },
  })
  if (!values.context) {
    console.error('usage: npm run preflight -- --context <kubectl context> [--overlay production|dev]')
    process.exit(2)
  }
  const dir = values['overlay-dir'] ?? join(root, 'deploy/k8s/overlays', values.overlay)
  let checks: Check[]
  try {
    checks = [{ name: 'the overlay renders', ok: true, detail: dir }, ...preflight(renderOverlay(dir), kubectlFor(values.context))]
  } catch (err) {
    checks = [{ name: 'the overlay renders', ok: false, detail: (err as Error).message }]
  }
  for (const c of checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`)
  const missing = checks.filter((c) => !c.ok)
  console.log(
    missing.length
      ? `\n${missing.length} prerequisite${missing.length === 1 ? '' : 's'} missing: ${missing.map((c) => c.name).join('; ')}`
      : '\nEvery prerequisite is in place.',
  )
  process.exit(missing.length ? 1 : 0)
}

if (process.argv[1] === import.meta.filename) main()
