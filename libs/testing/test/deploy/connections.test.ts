// PostgreSQL's connections are a budget shared by every replica of every service: the sum of
// DB_POOL_MAX × the most replicas each Deployment can reach (its HorizontalPodAutoscaler's
// maxReplicas, else spec.replicas) must leave room under the server's default max_connections
// (100) for the migrations' init containers, the superuser's reserved slots and an operator.
// Before DB_POOL_MAX, 12 pools × 10 asked for 120 (the deploy review).
import { describe, expect, it } from 'vitest'
import { containerEnvironment, type Deployment, type K8sObject, loadServiceEnv, ofKind, overlays, rendered, services } from './manifests.ts'

const BUDGET = 90

type Hpa = K8sObject & { spec: { scaleTargetRef: { name: string }; maxReplicas: number } }

function mostReplicas(objects: K8sObject[], deployment: Deployment & { spec: { replicas?: number } }): number {
  const hpa = ofKind<Hpa>(objects, 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === deployment.metadata.name)
  return hpa?.spec.maxReplicas ?? deployment.spec.replicas ?? 1
}

describe.each(overlays)('the %s overlay', (overlay) => {
  it(`asks PostgreSQL for at most ${BUDGET} connections at full scale`, async () => {
    const objects = rendered(overlay)
    const lines: string[] = []
    let total = 0
    for (const deployment of ofKind<Deployment & { spec: { replicas?: number } }>(objects, 'Deployment')) {
      const container = deployment.spec.template.spec.containers[0]
      const env = containerEnvironment(objects, container)
      const service = services.find((s) => deployment.metadata.name === s)
      if (!service || !env.DATABASE_URL) continue
      const parsed = await loadServiceEnv(service, env)
      const pool = parsed.DB_POOL_MAX as number
      const replicas = mostReplicas(objects, deployment)
      lines.push(`${service}: ${pool} × ${replicas}`)
      total += pool * replicas
    }
    expect(lines.length, 'services with a database').toBeGreaterThanOrEqual(6)
    expect(total, lines.join(', ')).toBeLessThanOrEqual(BUDGET)
  })
})

describe('streams in production', () => {
  it('are replicated on the three servers of the NATS cluster', async () => {
    const objects = rendered('production')
    const replicas: Record<string, unknown> = {}
    for (const deployment of ofKind<Deployment>(objects, 'Deployment')) {
      const service = services.find((s) => deployment.metadata.name === s)
      const env = containerEnvironment(objects, deployment.spec.template.spec.containers[0])
      if (service && env.DATABASE_URL) replicas[service] = (await loadServiceEnv(service, env)).STREAM_REPLICAS
    }
    expect(Object.keys(replicas).length).toBeGreaterThanOrEqual(6)
    expect(new Set(Object.values(replicas))).toEqual(new Set([3]))
  })
})
