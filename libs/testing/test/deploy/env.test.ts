// Each service's own env schema (services/<service>/src/env.ts, the loadEnv its main.ts calls) run
// against the environment docker-compose.yml and each Kubernetes overlay give it, so a setting a
// service starts to require fails here, not in a rollout. Kubernetes secrets are filled with test
// values in the format each key needs (manifests.ts dummySecrets). A new secret key is added to
// deploy/k8s/secrets.example/<service>.env and to docker-compose.yml (as ${KEY:?…}); a format of
// its own (a key pair, say) goes into generateSecrets in scripts/compose-env.ts, which both use.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  composeEnvironment,
  containerEnvironment,
  deploymentOfImage,
  type Env,
  isLoopback,
  loadServiceEnv,
  overlays,
  readCompose,
  rendered,
  root,
  services,
  urlsIn,
} from './manifests.ts'

/** Read by libraries rather than a service's schema (OpenTelemetry's standard variables). */
const readElsewhere = (key: string) => key.startsWith('OTEL_')

/** Settings ZBaseEnv gives every service that some do not use (so their defaults never matter). */
const unused: Record<string, string[]> = {
  // The gateway owns no database (services/gateway/src/main.ts).
  gateway: ['DATABASE_URL'],
}

/** The keys a service's schema knows, when its exported Z…Env schema is a plain object. */
async function schemaKeys(service: string): Promise<string[] | undefined> {
  const module = (await import(join(root, 'services', service, 'src', 'env.ts'))) as Record<string, unknown>
  const schema = Object.entries(module).find(([name]) => /^Z\w*Env$/.test(name))?.[1] as { shape?: Record<string, unknown> } | undefined
  return schema?.shape ? Object.keys(schema.shape) : undefined
}

/**
 * What every deployed environment must satisfy beyond the schema: production mode, and no
 * setting (given or defaulted) pointing at the container's own loopback, except the browser-facing
 * ones compose serves on the host's localhost.
 */
async function expectDeployable(service: string, raw: Env, browserFacingMayBeLocal: boolean) {
  const env = await loadServiceEnv(service, raw)
  expect(env.NODE_ENV, service).toBe('production')
  // TRACE_VIEWER_URL: the admin's browser opens Jaeger's UI there (monitoring's Recent Errors).
  const browserFacing = ['APP_URL', 'PUBLIC_ORIGIN', 'REMOTES_JSON', 'TRACE_VIEWER_URL']
  for (const [key, value] of Object.entries({ ...env, ...Object.fromEntries(Object.entries(raw).filter(([k]) => readElsewhere(k))) })) {
    if (browserFacingMayBeLocal && browserFacing.includes(key)) continue
    if (unused[service]?.includes(key)) continue
    for (const url of urlsIn(value)) expect(isLoopback(url), `${service} ${key}=${url} is the container's own loopback`).toBe(false)
  }
  const known = await schemaKeys(service)
  if (known)
    for (const key of Object.keys(raw)) expect(known.includes(key) || readElsewhere(key), `${service}: ${key} is not a setting of ${service}`).toBe(true)
}

describe('docker-compose.yml gives each service a production environment its schema accepts', () => {
  const compose = readCompose()
  it.each(services)('%s', async (service) => {
    expect(compose[service], `${service} is not in docker-compose.yml`).toBeDefined()
    await expectDeployable(service, composeEnvironment(compose[service]), true)
  })
})

describe.each(overlays)('overlay %s gives each service a production environment its schema accepts', (overlay) => {
  it.each(services)('%s', async (service) => {
    const objects = rendered(overlay)
    const pod = deploymentOfImage(objects, service).spec.template.spec
    for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
      if (!container.image.includes(`plumbline/${service}`)) continue
      await expectDeployable(service, containerEnvironment(objects, container), false)
    }
  })
})
