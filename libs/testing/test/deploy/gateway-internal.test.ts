// The gateway answers /readyz and /metrics only on its internal listener (services/gateway/src/app.ts
// `app.internal`, bound to INTERNAL_HOST:INTERNAL_PORT, default 127.0.0.1:PORT+1000). Its readiness
// probe, Prometheus' scrape target and the NetworkPolicy that lets Prometheus in must point at that
// listener as the gateway's own env schema resolves it from each deployment's environment, on a path
// that listener serves; otherwise the gateway never becomes ready, or its metrics are never scraped.

import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { connectBus } from '@plumbline/messaging'
import { connectRedis, createLogger } from '@plumbline/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { testEnv, uniqueId } from '../../src/env.js'
import {
  type Container,
  composeEnvironment,
  containerEnvironment,
  type Deployment,
  deploymentOfImage,
  type Env,
  type K8sObject,
  loadServiceEnv,
  ofKind,
  overlays,
  readCompose,
  rendered,
  root,
} from './manifests.ts'

type GatewayModules = {
  env: { ZGatewayEnv: { parse: (raw: Env) => never }; internalPortOf: (env: never) => number }
  app: { createGatewayApp: (deps: Record<string, unknown>) => { internal: import('express').Express; closeGateway: () => Promise<void> } }
}
const gatewayModules = async (): Promise<GatewayModules> => ({
  env: await import(join(root, 'services/gateway/src/env.ts')),
  app: await import(join(root, 'services/gateway/src/app.ts')),
})

/** Where the gateway's internal listener binds with this environment, by the gateway's own schema. */
async function internalListener(raw: Env): Promise<{ host: string; port: number }> {
  const env = await loadServiceEnv('gateway', raw)
  const { internalPortOf } = (await gatewayModules()).env
  return { host: String(env.INTERNAL_HOST), port: internalPortOf(env as never) }
}

// The real internal listener, on this machine's Redis and NATS: the paths the manifests use must answer there.
let internalBase: string
let stop: () => Promise<void>
beforeAll(async () => {
  const { env: envModule, app: appModule } = await gatewayModules()
  const env = envModule.ZGatewayEnv.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_URL: testEnv.redisUrl, NATS_URL: testEnv.natsUrl })
  const logger = createLogger('gateway-internal-test', 'silent')
  const redis = await connectRedis(testEnv.redisUrl, logger)
  const bus = await connectBus({ servers: testEnv.natsUrl, name: 'gateway-internal-test', prefix: uniqueId('gwint'), logger })
  const app = appModule.createGatewayApp({ env, logger, redis, bus })
  const server = await new Promise<Server>((resolve) => {
    const s = app.internal.listen(0, '127.0.0.1', () => resolve(s))
  })
  internalBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  stop = async () => {
    await new Promise((resolve) => server.close(resolve))
    await app.closeGateway()
    await redis.quit()
    await bus.close()
  }
})
afterAll(() => stop?.())

/** Status of a GET on the internal listener (404: the gateway does not serve that path there). */
const internalStatus = async (path: string) => (await fetch(`${internalBase}${path}`)).status

type Port = number | string
const portNumber = (container: Container, port: Port) => (typeof port === 'number' ? port : container.ports?.find((p) => p.name === port)?.containerPort)
type Probe = { httpGet?: { path: string; port: Port } }
type NetworkPolicy = K8sObject & {
  spec: { podSelector: { matchLabels?: Record<string, string> }; ingress?: { from?: { namespaceSelector?: unknown }[]; ports?: { port: Port }[] }[] }
}

describe.each(overlays)('overlay %s: the gateway is probed and scraped on its internal listener', (overlay) => {
  it('readiness probe, scrape annotation and the NetworkPolicy for Prometheus all reach the listener the gateway opens', async () => {
    const objects = rendered(overlay)
    const deployment = deploymentOfImage(objects, 'gateway')
    const container = deployment.spec.template.spec.containers[0]
    const listener = await internalListener(containerEnvironment(objects, container))
    // The kubelet and Prometheus come from outside the pod: loopback would refuse them.
    expect(listener.host).toBe('0.0.0.0')

    const readiness = (container.readinessProbe as Probe).httpGet
    expect(readiness, 'readiness probe is an HTTP GET').toBeDefined()
    expect(portNumber(container, readiness?.port ?? ''), 'readiness probe port').toBe(listener.port)
    expect(await internalStatus(readiness?.path ?? ''), `readiness path ${readiness?.path}`).toBe(200)

    const annotations = (deployment as Deployment & { spec: { template: { metadata: { annotations?: Record<string, string> } } } }).spec.template.metadata
      .annotations
    expect(Number(annotations?.['prometheus.io/port']), 'prometheus.io/port').toBe(listener.port)
    expect(await internalStatus(annotations?.['prometheus.io/path'] ?? '/metrics'), 'prometheus.io/path').toBe(200)

    const policy = ofKind<NetworkPolicy>(objects, 'NetworkPolicy').find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'gateway')
    const fromObservability = policy?.spec.ingress?.filter((rule) => JSON.stringify(rule.from ?? []).includes('plumbline.io/monitoring')) ?? []
    const allowed = fromObservability.flatMap((rule) => rule.ports ?? []).map((p) => portNumber(container, p.port))
    expect(allowed, 'Prometheus may reach the internal port').toContain(listener.port)
  })
})

describe('docker-compose.yml: the gateway is health-checked and scraped on its internal listener', () => {
  it('the healthcheck and the Prometheus target use the port and paths the gateway serves there', async () => {
    const gateway = readCompose().gateway
    const listener = await internalListener(composeEnvironment(gateway))
    // Prometheus runs in another container.
    expect(listener.host).toBe('0.0.0.0')
    const healthcheck = JSON.stringify(gateway.healthcheck?.test)
    const checked = /http:\/\/127\.0\.0\.1:(\d+)(\/[\w/-]*)/.exec(healthcheck)
    expect(checked, `healthcheck fetches an URL: ${healthcheck}`).not.toBeNull()
    expect(Number(checked?.[1]), 'healthcheck port').toBe(listener.port)
    expect(await internalStatus(checked?.[2] ?? ''), `healthcheck path ${checked?.[2]}`).toBe(200)

    const prometheus = parse(readFileSync(join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
      scrape_configs: { metrics_path?: string; static_configs: { targets: string[] }[] }[]
    }
    const job = prometheus.scrape_configs.find((c) => c.static_configs.some((s) => s.targets.some((t) => t.startsWith('gateway:'))))
    const target = job?.static_configs.flatMap((s) => s.targets).find((t) => t.startsWith('gateway:'))
    expect(target).toBe(`gateway:${listener.port}`)
    expect(await internalStatus(job?.metrics_path ?? '/metrics'), 'metrics_path').toBe(200)
  })
})
