// PostgreSQL's connections are a budget shared by every replica of every service. The worst case
// is a release rolled out at full scale: each Deployment at its most replicas (its
// HorizontalPodAutoscaler's maxReplicas, else spec.replicas) plus its rolling update's surge, each
// process holding DB_POOL_MAX, and each surging pod's migrate init container one more. That must
// stay under the server's default max_connections (100) less the superuser's reserved slots (3)
// and headroom for an operator's psql, backups and exporters (10). Before: 84 at steady state, but
// 108 during such a rollout (the operability review), with 6 more for the init containers.
import { describe, expect, it } from 'vitest'
import { containerEnvironment, type Deployment, type K8sObject, loadServiceEnv, ofKind, overlays, rendered, services } from './manifests.ts'

const MAX_CONNECTIONS = 100
const SUPERUSER_RESERVED = 3
const HEADROOM = 10
const BUDGET = MAX_CONNECTIONS - SUPERUSER_RESERVED - HEADROOM

type Hpa = K8sObject & { spec: { scaleTargetRef: { name: string }; maxReplicas: number } }
type Rolling = Deployment & {
  spec: { replicas?: number; strategy?: { type?: string; rollingUpdate?: { maxSurge?: number | string } } }
}

function mostReplicas(objects: K8sObject[], deployment: Rolling): number {
  const hpa = ofKind<Hpa>(objects, 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === deployment.metadata.name)
  return hpa?.spec.maxReplicas ?? deployment.spec.replicas ?? 1
}

/** Extra pods a rolling update starts before old ones go (maxSurge: a number, or a percentage rounded up; 25 % by default). */
function surge(deployment: Rolling, replicas: number): number {
  if (deployment.spec.strategy?.type === 'Recreate') return 0
  const value = deployment.spec.strategy?.rollingUpdate?.maxSurge ?? '25%'
  return typeof value === 'number' ? value : Math.ceil((Number.parseFloat(value) / 100) * replicas)
}

describe.each(overlays)('the %s overlay', (overlay) => {
  it(`asks PostgreSQL for at most ${BUDGET} connections (of ${MAX_CONNECTIONS}) while a release rolls out at full scale`, async () => {
    const objects = rendered(overlay)
    const lines: string[] = []
    let total = 0
    for (const deployment of ofKind<Rolling>(objects, 'Deployment')) {
      const pod = deployment.spec.template.spec
      const env = containerEnvironment(objects, pod.containers[0])
      const service = services.find((s) => deployment.metadata.name === s)
      if (!service || !env.DATABASE_URL) continue
      const pool = (await loadServiceEnv(service, env)).DB_POOL_MAX as number
      const replicas = mostReplicas(objects, deployment)
      const extra = surge(deployment, replicas)
      // The migrate init container holds one connection at a time (libs/db migrateAndExit).
      const migrating = (pod.initContainers ?? []).some((c) => c.name === 'migrate') ? extra : 0
      lines.push(`${service}: ${pool} × (${replicas} + ${extra})${migrating ? ` + ${migrating}` : ''}`)
      total += pool * (replicas + extra) + migrating
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
