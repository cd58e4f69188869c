import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'

// Docker cannot run on the CI machine, so the deployment files are checked by reading them.
const root = join(import.meta.dirname, '..', '..', '..')
const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
const services = folders('services')
const remotes = folders('frontends').filter((f) => f !== 'shell')

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
    services: Record<string, { healthcheck?: { test: unknown }; build?: { args?: Record<string, string> }; environment?: Record<string, string> }>
  }

  it('runs infrastructure, every service and every remote, each with a health check', () => {
    const expected = ['postgres', 'nats', 'redis', ...services, ...remotes.map((r) => `remote-${r}`)]
    for (const name of expected) {
      expect(compose.services[name], `${name} is missing`).toBeDefined()
      expect(compose.services[name].healthcheck?.test, `${name} has no health check`).toBeDefined()
    }
  })

  it('builds each service and remote from the matching package', () => {
    for (const s of services) expect(compose.services[s].build?.args?.SERVICE).toBe(s)
    for (const r of remotes) expect(compose.services[`remote-${r}`].build?.args?.APP).toBe(r)
  })

  it('tells the gateway where every remote is served', () => {
    const remotesJson = JSON.parse(compose.services.gateway.environment!.REMOTES_JSON) as Record<string, string>
    expect(Object.keys(remotesJson).sort()).toEqual([...remotes].sort())
  })
})

describe('kubernetes base', () => {
  const docs = parseAllDocuments(readFileSync(join(root, 'deploy/k8s/base/workloads.yaml'), 'utf8')).map((d) => d.toJS())
  const deployments = docs.filter((d) => d.kind === 'Deployment')

  it('deploys every service with readiness and liveness probes, and every remote', () => {
    const names = deployments.map((d) => d.metadata.name)
    for (const s of services) expect(names).toContain(s)
    for (const r of remotes) expect(names).toContain(`remote-${r}`)
    for (const d of deployments.filter((d) => services.includes(d.metadata.name))) {
      const container = d.spec.template.spec.containers[0]
      expect(container.readinessProbe.httpGet.path).toBe('/readyz')
      expect(container.livenessProbe.httpGet.path).toBe('/healthz')
    }
  })
})
