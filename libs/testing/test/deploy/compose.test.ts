// docker-compose.yml read as compose would (no Docker engine on the CI machine): the whole product
// with its infrastructure and observability, and nothing an outsider could use without signing in.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { composeRedisAcl } from '../../../../scripts/compose-env.ts'
import { composeDotEnv, composeEnvironment, readCompose, remoteFolders, remotes, root, services } from './manifests.ts'

// The .env these tests read compose with; its Redis passwords also make the ACL file.
const dotEnv = composeDotEnv()
const compose = readCompose(dotEnv)

/** The host address a published port listens on ("3000:3000" is every interface). */
const hostAddress = (port: string) => (port.split(':').length === 3 ? port.split(':')[0] : '0.0.0.0')

describe('docker-compose.yml', () => {
  it('runs the infrastructure, the observability stack, every service and every remote, each with a health check', () => {
    const infrastructure = ['postgres', 'nats', 'redis', 'mailpit', 'otel-collector', 'jaeger', 'prometheus', 'alertmanager', 'grafana']
    for (const name of [...infrastructure, ...services, ...remotes.map((r) => `remote-${r}`)]) {
      expect(compose[name], `${name} is missing`).toBeDefined()
      expect(compose[name].healthcheck?.test, `${name} has no health check`).toBeDefined()
    }
  })

  it('runs the declared remotes (libs/contracts remotes.ts), one per front-end folder, and gives the gateway each manifest', () => {
    expect([...remoteFolders].sort()).toEqual([...remotes].sort())
    expect(Object.keys(JSON.parse(composeEnvironment(compose.gateway).REMOTES_JSON)).sort()).toEqual([...remotes].sort())
  })

  it('builds each service and remote from the matching package, read-only with a writable /tmp', () => {
    for (const s of services) expect(compose[s].build?.args?.SERVICE).toBe(s)
    for (const r of remotes) expect(compose[`remote-${r}`].build?.args?.APP).toBe(r)
    for (const name of [...services, ...remotes.map((r) => `remote-${r}`)]) {
      expect(compose[name].read_only, name).toBe(true)
      expect(compose[name].tmpfs, name).toContain('/tmp')
    }
  })

  it('pins every image it pulls', () => {
    for (const [name, service] of Object.entries(compose)) if (service.image) expect(service.image, name).toMatch(/:(?!latest$)[\w.-]+$/)
  })

  it('publishes only the app and the remotes to the network; admin surfaces listen on 127.0.0.1', () => {
    const public_ = new Set(['gateway', ...remotes.map((r) => `remote-${r}`)])
    for (const [name, service] of Object.entries(compose)) {
      for (const port of service.ports ?? []) if (!public_.has(name)) expect(hostAddress(port), `${name} publishes ${port}`).toBe('127.0.0.1')
    }
  })

  it('asks for a Grafana login with a password from .env', () => {
    const env = composeEnvironment(compose.grafana)
    expect(env.GF_AUTH_ANONYMOUS_ENABLED).toBe('false')
    expect(env.GF_SECURITY_ADMIN_PASSWORD).toMatch(/^[0-9a-f]{64}$/)
  })

  it('never seeds the demo accounts (public passwords) into a production build', () => {
    for (const service of services) {
      const env = composeEnvironment(compose[service])
      expect(env.NODE_ENV, service).toBe('production')
      expect(['true', '1', 'yes'], service).not.toContain(env.SEED_DEMO)
    }
  })

  it('connects each service to NATS and Redis as its own user, with the password the servers hold', () => {
    const natsServer = composeEnvironment(compose.nats)
    const natsConfig = readFileSync(join(root, 'deploy/nats/nats-server.conf'), 'utf8')
    const composeConfig = readFileSync(join(root, 'deploy/nats/nats-server.compose.conf'), 'utf8')
    expect(composeConfig).toMatch(/^include \.\/nats-server\.conf$/m)
    expect(compose.nats.volumes).toEqual(expect.arrayContaining(['./deploy/nats/nats-server.conf:/etc/nats/nats-server.conf:ro']))
    const acl = composeRedisAcl(dotEnv)
    for (const service of services) {
      const env = composeEnvironment(compose[service])
      expect(env.NATS_USER, service).toBe(service)
      expect(natsConfig, service).toContain(`user: "${service}"`)
      expect(env.NATS_PASSWORD, service).toBe(natsServer[`NATS_PASSWORD_${service.toUpperCase()}`])
      const redis = new URL(env.REDIS_URL)
      expect(redis.username, service).toBe(service)
      const hash = createHash('sha256').update(decodeURIComponent(redis.password)).digest('hex')
      expect(acl, service).toMatch(new RegExp(`^user ${service} on #${hash} `, 'm'))
    }
    expect(acl).toMatch(/^user default off/m)
  })

  it('sends traces to the trace backend and lets Prometheus scrape every service', () => {
    const collector = parse(readFileSync(join(root, 'deploy/otel/collector.yaml'), 'utf8')) as {
      exporters: Record<string, { endpoint?: string }>
      service: { pipelines: { traces: { exporters: string[] } } }
    }
    const endpoints = collector.service.pipelines.traces.exporters.map((e) => collector.exporters[e].endpoint ?? '')
    expect(endpoints.some((e) => e.startsWith('jaeger:'))).toBe(true)
    const prometheus = readFileSync(join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')
    // The gateway's /metrics is on its internal listener (gateway-internal.test.ts).
    for (const service of services.filter((s) => s !== 'gateway'))
      expect(prometheus, service).toContain(`${service}:${composeEnvironment(compose[service]).PORT}`)
  })
})
