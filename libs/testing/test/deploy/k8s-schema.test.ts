// Every object each overlay renders is checked against the Kubernetes API schema (the
// kubernetes-models package, generated from the API's OpenAPI), and the references between objects
// (selectors, ports, config, accounts, autoscaling targets, Ingress backends) resolve.

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { type Deployment, deploymentOfImage, type K8sObject, named, ofKind, overlays, rendered, root, services } from './manifests.ts'

type Validatable = { validate(): void }

/** The models of the custom resources the overlays use (prerequisites: `npm run preflight` checks their CRDs). */
const CRD_MODELS: Record<string, string> = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'cert-manager.io': '@kubernetes-models/cert-manager',
}

/** The kubernetes-models class of an object: kubernetes-models/<group/version>/<Kind> (a CRD's: its package's). */
async function modelOf(object: K8sObject): Promise<new (data: unknown) => Validatable> {
  const pkg = CRD_MODELS[object.apiVersion.split('/')[0]] ?? 'kubernetes-models'
  const module = (await import(`${pkg}/${object.apiVersion}/${object.kind}`)) as Record<string, new (data: unknown) => Validatable>
  const model = module[object.kind] ?? module.default
  if (!model) throw new Error(`kubernetes-models has no ${object.apiVersion} ${object.kind}`)
  return model
}

/**
 * kustomize wraps long base64 Secret values over lines (a YAML block scalar); the API server's
 * decoder skips the newlines, the schema's "byte" format does not, so they are joined first.
 */
function asApplied(object: K8sObject): K8sObject {
  if (object.kind !== 'Secret' || !object.data) return object
  const data = Object.fromEntries(Object.entries(object.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\s+/g, '')]))
  return { ...object, data }
}

async function schemaErrors(object: K8sObject): Promise<string | undefined> {
  const Model = await modelOf(object)
  try {
    new Model(asApplied(object)).validate()
    return undefined
  } catch (error) {
    return `${object.kind}/${object.metadata.name}: ${(error as Error).message}`
  }
}

const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v)

describe('the schema check itself', () => {
  it('rejects a Deployment with a wrong type and an unknown field', async () => {
    const broken = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'broken' },
      spec: {
        replicas: 'two',
        selector: { matchLabels: { a: 'b' } },
        template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'x', image: 'x', prot: [] }] } },
      },
    }
    expect(await schemaErrors(broken)).toMatch(/replicas|prot/)
  })
})

describe.each(overlays)('overlay %s', (overlay) => {
  it('renders objects that all pass the Kubernetes schema', async () => {
    const objects = rendered(overlay)
    expect(objects.length).toBeGreaterThan(50)
    const errors = (await Promise.all(objects.map(schemaErrors))).filter(Boolean)
    expect(errors).toEqual([])
  })

  it('has one Deployment, Service, ServiceAccount, PodDisruptionBudget and NetworkPolicy per workload, on a default deny', () => {
    const objects = rendered(overlay)
    const policies = ofKind<K8sObject & { spec: { podSelector: { matchLabels?: Record<string, string> }; policyTypes: string[] } }>(objects, 'NetworkPolicy')
    const defaultDeny = policies.find((p) => Object.keys(p.spec.podSelector.matchLabels ?? {}).length === 0)
    expect(defaultDeny?.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress'])
    for (const deployment of ofKind<Deployment>(objects, 'Deployment')) {
      const name = deployment.metadata.name
      const labels = deployment.spec.template.metadata.labels
      const pod = deployment.spec.template.spec
      expect(pod.serviceAccountName, name).toBe(name)
      named(objects, 'ServiceAccount', name)
      const pdb = named<K8sObject & { spec: { selector: { matchLabels: Record<string, string> } } }>(objects, 'PodDisruptionBudget', name)
      expect(matches(pdb.spec.selector.matchLabels, labels), `${name} PDB selects its pods`).toBe(true)
      expect(
        policies.some((p) => p !== defaultDeny && matches(p.spec.podSelector.matchLabels ?? {}, labels)),
        `${name} has its own NetworkPolicy`,
      ).toBe(true)
      for (const container of pod.containers) {
        for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) expect(container[probe], `${name} ${probe}`).toBeDefined()
        expect(container.lifecycle, `${name} drains before it stops`).toMatchObject({ preStop: {} })
        expect(container.resources, `${name} resources`).toMatchObject({
          requests: { cpu: expect.any(String), memory: expect.any(String) },
          limits: { memory: expect.any(String) },
        })
        expect(container.securityContext, name).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        })
        expect(container.image, `${name} image is pinned`).toMatch(/:[\w.-]+$|@sha256:/)
        expect(container.image, `${name} image is pinned`).not.toMatch(/:latest$/)
        const tmp = (container.volumeMounts as { name: string; mountPath: string }[] | undefined)?.find((m) => m.mountPath === '/tmp')
        const volume = (pod.volumes as { name: string; emptyDir?: object }[] | undefined)?.find((v) => v.name === tmp?.name)
        expect(volume?.emptyDir, `${name} has a writable /tmp`).toBeDefined()
      }
    }
  })

  it('migrates each service with a database in an init container of the same image before it starts', () => {
    const objects = rendered(overlay)
    for (const service of services.filter((s) => existsSync(join(root, 'services', s, 'prisma', 'migrations')))) {
      const pod = deploymentOfImage(objects, service).spec.template.spec
      const migrate = pod.initContainers?.find((c) => c.name === 'migrate')
      expect(migrate?.image, service).toBe(pod.containers[0].image)
      expect(migrate?.command, service).toEqual(['node', 'src/migrate.js'])
      expect(migrate?.envFrom, service).toEqual(pod.containers[0].envFrom)
    }
  })

  it('sets each workload image once in the overlay, so releasing one service changes one line', () => {
    const kustomization = parse(readFileSync(join(root, 'deploy/k8s/overlays', overlay, 'kustomization.yaml'), 'utf8')) as {
      images: { name: string; newTag?: string; digest?: string }[]
    }
    const names = kustomization.images.map((i) => i.name)
    expect(new Set(names).size).toBe(names.length)
    const workloads = ofKind<Deployment>(rendered(overlay), 'Deployment').map((d) => `plumbline/${d.metadata.name}`)
    expect([...names].sort()).toEqual([...workloads].sort())
    for (const image of kustomization.images) expect(image.digest ?? image.newTag, image.name).toMatch(/^(sha256:[0-9a-f]{64}|(?!latest$)[\w.-]+)$/)
  })

  it('leaves the replica count of an autoscaled Deployment to its HPA', () => {
    const objects = rendered(overlay)
    const scaled = ofKind<K8sObject & { spec: { scaleTargetRef: { name: string } } }>(objects, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name)
    expect(scaled.sort()).toEqual(['documents', 'estimates', 'gateway'])
    for (const deployment of ofKind<Deployment>(objects, 'Deployment')) {
      const replicas = (deployment.spec as { replicas?: number }).replicas
      if (scaled.includes(deployment.metadata.name)) expect(replicas, deployment.metadata.name).toBeUndefined()
      else expect(replicas, deployment.metadata.name).toBeGreaterThan(0)
    }
  })

  it('resolves every reference between objects', () => {
    const objects = rendered(overlay)
    const deployments = ofKind<Deployment>(objects, 'Deployment')
    for (const service of ofKind<K8sObject & { spec: { selector: Record<string, string>; ports: { targetPort: string | number }[] } }>(objects, 'Service')) {
      const backing = deployments.filter((d) => matches(service.spec.selector, d.spec.template.metadata.labels))
      expect(backing.length, `Service ${service.metadata.name} selects one Deployment`).toBe(1)
      const ports = backing[0].spec.template.spec.containers.flatMap((c) => c.ports ?? [])
      for (const port of service.spec.ports) {
        expect(
          ports.some((p) => p.name === port.targetPort || p.containerPort === port.targetPort),
          `Service ${service.metadata.name} port ${port.targetPort}`,
        ).toBe(true)
      }
    }
    for (const deployment of deployments) {
      for (const container of deployment.spec.template.spec.containers) {
        for (const from of container.envFrom ?? []) {
          if (from.configMapRef) named(objects, 'ConfigMap', from.configMapRef.name)
          if (from.secretRef) named(objects, 'Secret', from.secretRef.name)
        }
      }
    }
    for (const hpa of ofKind<K8sObject & { spec: { scaleTargetRef: { kind: string; name: string } } }>(objects, 'HorizontalPodAutoscaler')) {
      named(objects, hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name)
    }
    type Ingress = K8sObject & {
      spec: { rules: { http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] } }[] }
    }
    for (const ingress of ofKind<Ingress>(objects, 'Ingress')) {
      for (const path of ingress.spec.rules.flatMap((r) => r.http.paths)) {
        const service = named<K8sObject & { spec: { ports: { name?: string; port: number }[] } }>(objects, 'Service', path.backend.service.name)
        const port = path.backend.service.port
        expect(
          service.spec.ports.some((p) => p.name === port.name || p.port === port.number),
          `Ingress backend ${service.metadata.name}`,
        ).toBe(true)
      }
    }
  })
})
