// The Ingress in front of the gateway lets through what the gateway itself accepts: its largest
// body limit (read from the gateway's route table and env schema with the overlay's settings, not
// a copied number), streamed rather than spooled, waiting at least as long as the gateway waits for
// a request to arrive (its REQUEST_TIMEOUT_MS, sized for that largest body over a slow link), so a
// slow upload or a slow service gets the gateway's answer. The certificate covers every host the Ingresses serve.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { containerEnvironment, deploymentOfImage, type K8sObject, loadServiceEnv, named, ofKind, overlays, rendered, root } from './manifests.ts'

// The gateway's own code (a lib's test reads a service through its path, as manifests.ts does).
type GatewayEnv = {
  BODY_LIMIT_BYTES: number
  UPLOAD_BODY_LIMIT_BYTES: number
  AUDIO_BODY_LIMIT_BYTES: number
  UPSTREAM_TIMEOUT_MS: number
  REQUEST_TIMEOUT_MS: number
}
type BodyLimit = 'default' | 'upload' | 'audio'
const gateway = join(root, 'services', 'gateway', 'src')
const { routeTable } = (await import(join(gateway, 'routes', 'route-table.ts'))) as { routeTable: readonly { bodyLimit?: BodyLimit }[] }
const { bodyLimitBytes } = (await import(join(gateway, 'security', 'body-limit.ts'))) as {
  bodyLimitBytes: (limit: BodyLimit | undefined, env: GatewayEnv) => number
}
const { SLOWEST_UPLOAD_BYTES_PER_SECOND } = (await import(join(gateway, 'env.ts'))) as { SLOWEST_UPLOAD_BYTES_PER_SECOND: number }

type Ingress = K8sObject & {
  spec: {
    ingressClassName?: string
    tls?: { hosts: string[]; secretName: string }[]
    rules: { host: string; http: { paths: { path: string; backend: { service: { name: string } } }[] } }[]
  }
}

const MiB = 1024 * 1024

/** nginx's size syntax (client_max_body_size): a number of bytes, or k/m/g (binary units). */
function nginxSize(value: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(value.trim())
  if (!match) throw new Error(`not an nginx size: ${value}`)
  return Number(match[1]) * { '': 1, k: 1024, m: MiB, g: 1024 * MiB }[match[2].toLowerCase() as '' | 'k' | 'm' | 'g']
}

async function gatewayEnv(objects: K8sObject[]): Promise<GatewayEnv> {
  const container = deploymentOfImage(objects, 'gateway').spec.template.spec.containers[0]
  return (await loadServiceEnv('gateway', containerEnvironment(objects, container))) as GatewayEnv
}

/** The largest body any route of the gateway accepts, under this environment. */
const largestBody = (env: GatewayEnv) => Math.max(...routeTable.map((route) => bodyLimitBytes(route.bodyLimit, env)))

const ingressesTo = (objects: K8sObject[], service: string) =>
  ofKind<Ingress>(objects, 'Ingress').filter((i) => i.spec.rules.some((r) => r.http.paths.some((p) => p.backend.service.name === service)))

describe('nginxSize', () => {
  it('reads bytes and binary units', () => {
    expect(nginxSize('1m')).toBe(MiB)
    expect(nginxSize('501M')).toBe(501 * MiB)
    expect(nginxSize('2048')).toBe(2048)
    expect(() => nginxSize('1 MB')).toThrow()
  })
})

describe.each(overlays)('overlay %s: the Ingress in front of the gateway', (overlay) => {
  it("takes bodies up to the gateway's largest route limit (meeting recordings), and no more", async () => {
    const objects = rendered(overlay)
    const env = await gatewayEnv(objects)
    const largest = largestBody(env)
    // The recordings route is what needs it; a logo (upload) is smaller.
    expect(largest).toBe(env.AUDIO_BODY_LIMIT_BYTES)
    expect(largest).toBeGreaterThan(env.UPLOAD_BODY_LIMIT_BYTES)
    const ingresses = ingressesTo(objects, 'gateway')
    expect(ingresses.length).toBeGreaterThan(0)
    for (const ingress of ingresses) {
      const annotations = ingress.metadata.annotations ?? {}
      const size = annotations['nginx.ingress.kubernetes.io/proxy-body-size']
      expect(size, `${ingress.metadata.name}: proxy-body-size (ingress-nginx's default is 1m)`).toBeDefined()
      const bytes = nginxSize(size)
      // At least the gateway's limit (else the controller answers 413 first), and within the next
      // whole MiB of it (nginx's unit), so raising one without the other fails here.
      expect(bytes, `${size} vs the gateway's ${largest} bytes`).toBeGreaterThanOrEqual(largest)
      expect(bytes, `${size} vs the gateway's ${largest} bytes`).toBeLessThan(largest + MiB)
    }
  })

  it('streams the body to the gateway and waits as long as the gateway waits for the largest upload', async () => {
    const objects = rendered(overlay)
    const env = await gatewayEnv(objects)
    // The gateway's own bound: the largest body over the slowest link it serves, well past node's 300 s.
    expect(env.REQUEST_TIMEOUT_MS, 'REQUEST_TIMEOUT_MS vs the largest body at the slowest link').toBeGreaterThanOrEqual(
      (largestBody(env) / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000,
    )
    for (const ingress of ingressesTo(objects, 'gateway')) {
      const annotations = ingress.metadata.annotations ?? {}
      expect(annotations['nginx.ingress.kubernetes.io/proxy-request-buffering'], ingress.metadata.name).toBe('off')
      for (const key of ['proxy-read-timeout', 'proxy-send-timeout']) {
        const seconds = Number(annotations[`nginx.ingress.kubernetes.io/${key}`] ?? 60)
        expect(seconds * 1000, `${key} vs REQUEST_TIMEOUT_MS ${env.REQUEST_TIMEOUT_MS}`).toBeGreaterThanOrEqual(env.REQUEST_TIMEOUT_MS)
        expect(seconds * 1000, `${key} vs UPSTREAM_TIMEOUT_MS ${env.UPSTREAM_TIMEOUT_MS}`).toBeGreaterThan(env.UPSTREAM_TIMEOUT_MS)
      }
    }
  })

  it('leaves the remotes (GET only) at the default limits', () => {
    const objects = rendered(overlay)
    const remotes = ofKind<Ingress>(objects, 'Ingress').filter((i) => !ingressesTo(objects, 'gateway').includes(i))
    expect(remotes.length).toBeGreaterThan(0)
    for (const ingress of remotes) expect(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size']).toBeUndefined()
  })

  it('asks cert-manager for a certificate naming every host the Ingresses serve, in the Secret they read', () => {
    const objects = rendered(overlay)
    type Certificate = K8sObject & { spec: { secretName: string; dnsNames: string[]; issuerRef: { kind: string; name: string } } }
    const certificates = ofKind<Certificate>(objects, 'Certificate')
    for (const ingress of ofKind<Ingress>(objects, 'Ingress')) {
      const hosts = ingress.spec.rules.map((r) => r.host)
      expect(ingress.spec.tls?.flatMap((t) => t.hosts).sort(), `${ingress.metadata.name} serves TLS on each host`).toEqual([...hosts].sort())
      for (const tls of ingress.spec.tls ?? []) {
        const certificate = certificates.find((c) => c.spec.secretName === tls.secretName)
        expect(certificate, `a Certificate fills ${tls.secretName}`).toBeDefined()
        for (const host of tls.hosts) expect(certificate?.spec.dnsNames, host).toContain(host)
      }
    }
    for (const certificate of certificates) named(objects, certificate.spec.issuerRef.kind, certificate.spec.issuerRef.name)
  })
})
