// The six findings of the operability review (2026-11-24)
// that kept the product from starting under compose or Kubernetes, one describe each.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  composeEnvironment,
  containerEnvironment,
  type Deployment,
  deploymentOfImage,
  type K8sObject,
  loadServiceEnv,
  named,
  ofKind,
  overlays,
  readCompose,
  remotes,
  rendered,
  renderOverlay,
  root,
  secretKeysOf,
  services,
} from './manifests.ts'

const compose = readCompose()

describe('1. compose starts every service', () => {
  it('gives estimates a production SHARE_TOKEN_KEY its schema accepts', async () => {
    const env = await loadServiceEnv('estimates', composeEnvironment(compose.estimates))
    expect(env.NODE_ENV).toBe('production')
    expect(compose.estimates.environment?.SHARE_TOKEN_KEY).toBeTruthy()
  })

  it('restarts every container that stops', () => {
    for (const [name, service] of Object.entries(compose)) {
      expect(['always', 'unless-stopped', 'on-failure'], `${name} has no restart policy`).toContain(service.restart?.replace(/:\d+$/, ''))
    }
  })
})

/** The last USER of a Dockerfile's final stage. */
function finalUser(dockerfile: string): string | undefined {
  const stages = readFileSync(join(root, 'deploy/docker', dockerfile), 'utf8').split(/^FROM /m)
  return [...stages[stages.length - 1].matchAll(/^USER\s+(\S+)/gm)].at(-1)?.[1]
}

describe('2. Kubernetes can verify every container runs as non-root', () => {
  it('the images name their user by number', () => {
    for (const dockerfile of ['service.Dockerfile', 'frontend.Dockerfile']) expect(finalUser(dockerfile), dockerfile).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/)
  })

  it.each(overlays)('%s: every pod runs with a numeric non-root runAsUser and runAsGroup', (overlay) => {
    for (const deployment of ofKind<Deployment>(rendered(overlay), 'Deployment')) {
      const pod = deployment.spec.template.spec
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        const context = { ...pod.securityContext, ...container.securityContext }
        const where = `${deployment.metadata.name}/${container.name}`
        expect(context.runAsNonRoot, where).toBe(true)
        expect(context.runAsUser, where).toBeGreaterThan(0)
        expect(context.runAsGroup, where).toBeGreaterThan(0)
      }
    }
  })

  it.each(overlays)("%s: each service's Secret carries every key listed for it, estimates' SHARE_TOKEN_KEY among them", (overlay) => {
    expect(secretKeysOf('estimates')).toContain('SHARE_TOKEN_KEY')
    for (const service of services) {
      const container = deploymentOfImage(rendered(overlay), service).spec.template.spec.containers[0]
      const env = containerEnvironment(rendered(overlay), container)
      for (const key of secretKeysOf(service)) expect(env[key], `${service}: ${key}`).toBeTruthy()
    }
  })
})

const ingressHosts = (objects: K8sObject[]) =>
  ofKind<K8sObject & { spec: { rules: { host: string }[]; tls?: { hosts: string[] }[] } }>(objects, 'Ingress').flatMap((i) => i.spec.rules.map((r) => r.host))

describe("3. the gateway knows it is behind the Ingress, on the app's public origin", () => {
  it.each(overlays)(
    '%s: PUBLIC_ORIGIN is the https origin the Ingress serves, TRUST_PROXY trusts that hop, REMOTES_JSON lists every remote there',
    async (overlay) => {
      const objects = rendered(overlay)
      const raw = containerEnvironment(objects, deploymentOfImage(objects, 'gateway').spec.template.spec.containers[0])
      const env = await loadServiceEnv('gateway', raw)
      const origin = new URL(String(raw.PUBLIC_ORIGIN))
      expect(origin.protocol).toBe('https:')
      expect(ingressHosts(objects)).toContain(origin.host)
      // The default (loopback) would key every rate limit on the ingress controller's address.
      expect(raw.TRUST_PROXY).toBeDefined()
      expect(['loopback', 'false']).not.toContain(raw.TRUST_PROXY)
      const remoteUrls = env.REMOTES_JSON as Record<string, string>
      expect(Object.keys(remoteUrls).sort()).toEqual([...remotes].sort())
      for (const url of Object.values(remoteUrls)) {
        expect(new URL(url).protocol).toBe('https:')
        expect(ingressHosts(objects)).toContain(new URL(url).host)
      }
    },
  )
})

describe('4. mailed links and share links point at the public origin', () => {
  it.each(overlays)('%s: auth, estimates and admin have APP_URL = the gateway PUBLIC_ORIGIN', async (overlay) => {
    const objects = rendered(overlay)
    const publicOrigin = containerEnvironment(objects, deploymentOfImage(objects, 'gateway').spec.template.spec.containers[0]).PUBLIC_ORIGIN
    for (const service of ['auth', 'estimates', 'admin']) {
      const env = await loadServiceEnv(service, containerEnvironment(objects, deploymentOfImage(objects, service).spec.template.spec.containers[0]))
      expect(env.APP_URL, service).toBe(publicOrigin)
    }
  })
})

type Ingress = K8sObject & {
  spec: {
    rules: {
      host: string
      http: { paths: { path: string; pathType: string; backend: { service: { name: string; port: { name?: string; number?: number } } } }[] }
    }[]
  }
}
type Service = K8sObject & { spec: { selector: Record<string, string>; ports: { port: number; name?: string; targetPort: number | string }[] } }

/** Where nginx serves a remote's files from, as the frontend image lays them out. */
function servedPrefix(app: string): string {
  const dockerfile = readFileSync(join(root, 'deploy/docker/frontend.Dockerfile'), 'utf8')
  const target = /^COPY --from=build \S+\/dist (\S+)$/m.exec(dockerfile)?.[1]
  const nginxRoot = /^\s*root\s+([^;]+);/m.exec(readFileSync(join(root, 'deploy/docker/nginx-remote.conf'), 'utf8'))?.[1]
  if (!target || !nginxRoot || !target.startsWith(nginxRoot)) throw new Error('the remote image does not copy its build under the nginx root')
  return `${target.slice(nginxRoot.length).replace(/\$\{APP\}/, app)}/`
}

const nginxPort = () => Number(/^\s*listen\s+(\d+);/m.exec(readFileSync(join(root, 'deploy/docker/nginx-remote.conf'), 'utf8'))?.[1])

describe('5. the Ingress reaches each remote manifest at the path its nginx serves', () => {
  it.each(overlays)('%s: every REMOTES_JSON URL routes to its remote and arrives at a path nginx serves', async (overlay) => {
    const objects = rendered(overlay)
    const env = await loadServiceEnv('gateway', containerEnvironment(objects, deploymentOfImage(objects, 'gateway').spec.template.spec.containers[0]))
    for (const [remote, manifestUrl] of Object.entries(env.REMOTES_JSON as Record<string, string>)) {
      const url = new URL(manifestUrl)
      const candidates = ofKind<Ingress>(objects, 'Ingress').flatMap((ingress) =>
        ingress.spec.rules
          .filter((rule) => rule.host === url.host)
          .flatMap((rule) => rule.http.paths.map((p) => ({ ...p, annotations: ingress.metadata.annotations ?? {} }))),
      )
      const matches = candidates.filter((p) => url.pathname === p.path || url.pathname.startsWith(p.path.endsWith('/') ? p.path : `${p.path}/`))
      const route = matches.sort((a, b) => b.path.length - a.path.length)[0]
      expect(route, `${manifestUrl} matches no Ingress path`).toBeDefined()
      // A rewrite would change the path; none is used, so the pod sees the URL's path unchanged.
      expect(
        Object.keys(route.annotations).filter((a) => a.includes('rewrite')),
        remote,
      ).toEqual([])
      const service = named<Service>(objects, 'Service', route.backend.service.name)
      const deployment = deploymentOfImage(objects, `remote-${remote}`)
      expect(service.spec.selector, remote).toEqual(
        Object.fromEntries(Object.keys(service.spec.selector).map((k) => [k, deployment.spec.template.metadata.labels[k]])),
      )
      const servicePort = service.spec.ports.find((p) => p.name === route.backend.service.port.name || p.port === route.backend.service.port.number)
      const containerPort = deployment.spec.template.spec.containers[0].ports?.find(
        (p) => p.name === servicePort?.targetPort || p.containerPort === servicePort?.targetPort,
      )
      expect(containerPort?.containerPort, `${remote}: the Service reaches nginx's port`).toBe(nginxPort())
      expect(url.pathname, remote).toBe(`${servedPrefix(remote)}mf-manifest.json`)
    }
  })
})

describe('6. no placeholder secret is committed', () => {
  const tracked = execFileSync('git', ['ls-files', 'deploy', 'docker-compose.yml', 'k6'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)

  it('no deployment file carries a CHANGE_ME style value', () => {
    for (const file of tracked) expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/change[-_ ]?me/i)
  })

  it('no Secret has committed data: an overlay renders only once its secret files are written', () => {
    for (const overlay of overlays) expect(() => renderOverlay(overlay, { secrets: false }), overlay).toThrow(/secrets\/\w+\.env/)
    const committedSecrets = tracked
      .filter((file) => /\.ya?ml$/.test(file))
      .filter((file) => /^kind:\s*Secret\s*$/m.test(readFileSync(join(root, file), 'utf8')))
    expect(committedSecrets).toEqual([])
  })

  it('compose has no fallback for a secret: it refuses to start without .env', () => {
    expect(() => readCompose({})).toThrow(/compose refuses to start/)
    for (const service of services) {
      for (const [key, value] of Object.entries(composeEnvironment(compose[service]))) {
        if (/SECRET|KEY|PASSWORD/.test(key)) expect(value, `${service} ${key}`).not.toMatch(/dev-only|change|example/i)
      }
    }
  })
})
