// The dev overlay can share a cluster with production without touching it: its own namespace, its
// own NATS (deploy/nats-dev, in its own namespace, whose users allow only the dev bus prefix), and
// its own subjects, streams, consumers and Redis keys (BUS_PREFIX, REDIS_PREFIX), as each service's
// own env schema reads them.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { natsServerConfig } from '@plumbline/messaging'
import { describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { containerEnvironment, deploymentOfImage, type K8sObject, loadServiceEnv, ofKind, rendered, root, services } from './manifests.ts'

async function settings(overlay: string) {
  const objects = rendered(overlay)
  const out: Record<string, { namespace?: string; NATS_URL: string; BUS_PREFIX: string; REDIS_PREFIX: string }> = {}
  for (const service of services) {
    const deployment = deploymentOfImage(objects, service)
    const env = await loadServiceEnv(service, containerEnvironment(objects, deployment.spec.template.spec.containers[0]))
    out[service] = {
      namespace: deployment.metadata.namespace,
      NATS_URL: env.NATS_URL as string,
      BUS_PREFIX: env.BUS_PREFIX as string,
      REDIS_PREFIX: env.REDIS_PREFIX as string,
    }
  }
  return out
}

describe('the dev overlay beside production', () => {
  it('has its own namespace, NATS, bus prefix and Redis prefix for every service', async () => {
    const dev = await settings('dev')
    const production = await settings('production')
    for (const service of services) {
      for (const key of ['namespace', 'NATS_URL', 'BUS_PREFIX', 'REDIS_PREFIX'] as const)
        expect(dev[service][key], `${service} ${key}`).not.toBe(production[service][key])
      // Neither prefix is a prefix of the other's keys.
      expect(production[service].REDIS_PREFIX.startsWith(dev[service].REDIS_PREFIX), service).toBe(false)
      expect(dev[service].REDIS_PREFIX.startsWith(production[service].REDIS_PREFIX), service).toBe(false)
    }
    expect(new Set(Object.values(dev).map((s) => s.BUS_PREFIX)).size).toBe(1)
  })

  it("deploy/nats-dev runs in the namespace the dev services' NATS_URL names, with users for the dev prefix only", async () => {
    const dev = await settings('dev')
    const objects = parseAllDocuments(execFileSync('kubectl', ['kustomize', join(root, 'deploy/nats-dev')], { encoding: 'utf8' })).map(
      (d) => d.toJS() as K8sObject & { data?: Record<string, string> },
    )
    const namespace = ofKind(objects, 'Namespace')[0].metadata.name
    for (const service of services) expect(new URL(dev[service].NATS_URL).hostname, service).toBe(`nats.${namespace}`)
    const prefix = dev.gateway.BUS_PREFIX
    expect(readFileSync(join(root, 'deploy/nats-dev/nats-server.conf'), 'utf8')).toBe(natsServerConfig(prefix))
    const config = ofKind<K8sObject & { data: Record<string, string> }>(objects, 'ConfigMap')[0]
    expect(config.data['nats-server.conf']).toBe(natsServerConfig(prefix))
    expect(config.data['nats-server.conf']).not.toBe(natsServerConfig(''))
    expect(config.data['cluster.conf']).toBe(readFileSync(join(root, 'deploy/nats/cluster.conf'), 'utf8'))
  })
})

describe('traces in production', () => {
  it('every service of the production overlay samples a tenth of new traces, parent-based', async () => {
    const { samplerFromEnv } = await import('@plumbline/telemetry')
    const objects = rendered('production')
    for (const service of services) {
      const env = containerEnvironment(objects, deploymentOfImage(objects, service).spec.template.spec.containers[0])
      expect(samplerFromEnv(env.OTEL_TRACES_SAMPLER_RATIO, env.NODE_ENV).toString(), service).toMatch(/^ParentBased\{root=TraceIdRatioBased\{0\.1\}/)
    }
  })
})
