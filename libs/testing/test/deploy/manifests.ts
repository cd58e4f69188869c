// Reads the deployment files the way compose and Kubernetes would, for the tests beside this file.
// The CI machine has no Docker engine and no cluster: compose is read with the yaml package and its
// variables interpolated here; the overlays are rendered with `kubectl kustomize`.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REMOTE_NAMES } from '@plumbline/contracts/remotes'
import { assertInfraCredentials } from '@plumbline/service-kit'
import { parse, parseAllDocuments } from 'yaml'
import { generateSecrets, requiredComposeVariables } from '../../../../scripts/compose-env.ts'

export const root = join(import.meta.dirname, '..', '..', '..', '..')

const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
export const services = folders('services')
export const remotes = [...REMOTE_NAMES]
/** The front-end folders other than the shell: each should be a declared remote. */
export const remoteFolders = folders('frontends').filter((f) => f !== 'shell')
export const overlays = folders('deploy/k8s/overlays')

export type Env = Record<string, string>

// ---------------------------------------------------------------------------------------------
// docker-compose.yml

export type ComposeService = {
  image?: string
  build?: { dockerfile?: string; args?: Record<string, string> }
  environment?: Record<string, string | number | boolean | null>
  ports?: string[]
  volumes?: string[]
  restart?: string
  healthcheck?: { test?: unknown }
  read_only?: boolean
  tmpfs?: string[]
}

export const composeText = () => readFileSync(join(root, 'docker-compose.yml'), 'utf8')

/** The variables `npm run compose:env` writes to .env, made the same way. */
export const composeDotEnv = (): Env => generateSecrets(requiredComposeVariables(composeText()))

/** compose's own interpolation: ${NAME}, ${NAME:-fallback}, ${NAME:?error}; $$ is a literal $. */
export function interpolate(value: string, vars: Env): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g, (whole, name: string | undefined, op: string | undefined, arg: string) => {
    if (whole === '$$') return '$'
    const set = vars[name ?? '']
    if (op?.endsWith('?') && !set) throw new Error(`compose refuses to start: ${name} ${arg}`)
    if (op?.endsWith('-') && !set) return arg
    return set ?? ''
  })
}

/** Interpolates every string of a parsed document (compose fills values after parsing, so a JSON value stays a string). */
function interpolateAll(value: unknown, vars: Env): unknown {
  if (typeof value === 'string') return interpolate(value, vars)
  if (Array.isArray(value)) return value.map((v) => interpolateAll(v, vars))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, vars)]))
  return value
}

/** docker-compose.yml as compose sees it once .env is written (merge keys applied, variables filled). */
export function readCompose(vars: Env = composeDotEnv()): Record<string, ComposeService> {
  const parsed = interpolateAll(parse(composeText(), { merge: true }), vars) as { services: Record<string, ComposeService> }
  return parsed.services
}

/** The environment one compose service's process starts with (values as strings; `KEY:` alone passes the host's, unset here). */
export function composeEnvironment(service: ComposeService): Env {
  const env: Env = {}
  for (const [key, value] of Object.entries(service.environment ?? {})) if (value !== null) env[key] = String(value)
  return env
}

// ---------------------------------------------------------------------------------------------
// Kubernetes

export type K8sObject = {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> }
  [key: string]: unknown
}

/** Every Secret an overlay generates: one per service, and the alerting's (secrets.example/<name>.env). */
export const secretFiles = () =>
  readdirSync(join(root, 'deploy/k8s/secrets.example'))
    .filter((f) => f.endsWith('.env'))
    .map((f) => f.slice(0, -'.env'.length))

/** Where each service's Secret keys are listed (the files an operator copies and fills). */
export function secretKeysOf(service: string): string[] {
  const file = join(root, 'deploy/k8s/secrets.example', `${service}.env`)
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1])
    .filter((key): key is string => key !== undefined)
}

/**
 * Test values of every service's secrets, as an operator would write them: connection URLs carry
 * the service's own user, every other key has one value for the whole cluster (the gateway's
 * IDENTITY_SIGNING_KEY and every other service's IDENTITY_PUBLIC_KEYS are one pair), made by the
 * generator `npm run compose:env` uses. Never a placeholder.
 */
export function dummySecrets(): Record<string, Env> {
  const owners = secretFiles()
  const shared = generateSecrets([...new Set(owners.flatMap(secretKeysOf))])
  const connection = (service: string, key: string) => {
    const password = randomBytes(16).toString('hex')
    return {
      DATABASE_URL: `postgresql://${service}:${password}@postgres.plumbline-data.svc:5432/plumbline`,
      REDIS_URL: `redis://${service}:${password}@redis.plumbline-data.svc:6379`,
      SMTP_URL: `smtp://plumbline:${password}@smtp.mail.example.net:587`,
    }[key]
  }
  return Object.fromEntries(owners.map((owner) => [owner, Object.fromEntries(secretKeysOf(owner).map((key) => [key, connection(owner, key) ?? shared[key]]))]))
}

const renders = new Map<string, K8sObject[]>()
/** renderOverlay with secrets, once per test file. */
export function rendered(overlay: string): K8sObject[] {
  let objects = renders.get(overlay)
  if (!objects) {
    objects = renderOverlay(overlay)
    renders.set(overlay, objects)
  }
  return objects
}

/**
 * A copy of deploy/k8s with one overlay's secret files written as an operator would (dummySecrets),
 * unless `secrets: false`; the caller removes it. Returns the copy's root.
 */
export function copyWithSecrets(overlay: string, opts: { secrets?: boolean } = {}): string {
  const copy = mkdtempSync(join(tmpdir(), 'plumbline-k8s-'))
  cpSync(join(root, 'deploy/k8s'), copy, { recursive: true })
  if (opts.secrets !== false) {
    const dir = join(copy, 'overlays', overlay, 'secrets')
    mkdirSync(dir, { recursive: true })
    for (const [owner, secrets] of Object.entries(dummySecrets())) {
      const lines = Object.entries(secrets).map(([key, value]) => `${key}=${value}`)
      writeFileSync(join(dir, `${owner}.env`), `${lines.join('\n')}\n`)
    }
  }
  return copy
}

export function renderOverlay(overlay: string, opts: { secrets?: boolean } = {}): K8sObject[] {
  const copy = copyWithSecrets(overlay, opts)
  try {
    const yaml = execFileSync('kubectl', ['kustomize', join(copy, 'overlays', overlay)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    return parseAllDocuments(yaml).map((doc) => doc.toJS() as K8sObject)
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
}

export type Container = {
  name: string
  image: string
  ports?: { containerPort: number; name?: string }[]
  env?: { name: string; value?: string; valueFrom?: { configMapKeyRef?: { name: string; key: string }; secretKeyRef?: { name: string; key: string } } }[]
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[]
  securityContext?: Record<string, unknown>
  [key: string]: unknown
}
export type PodSpec = { containers: Container[]; initContainers?: Container[]; securityContext?: Record<string, unknown>; [key: string]: unknown }
export type Deployment = K8sObject & { spec: { template: { metadata: { labels: Record<string, string> }; spec: PodSpec } } }

export const ofKind = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind) as T[]
export const named = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name)
  if (!found) throw new Error(`no ${kind} ${name} in the rendered manifests`)
  return found as T
}

/** The Deployment that runs an image (plumbline/<name>, whatever registry and tag the overlay sets). */
export function deploymentOfImage(objects: K8sObject[], image: string): Deployment {
  const found = ofKind<Deployment>(objects, 'Deployment').find((d) =>
    d.spec.template.spec.containers.some((c) => c.image.replace(/[:@].*$/, '').endsWith(`plumbline/${image}`)),
  )
  if (!found) throw new Error(`no Deployment runs plumbline/${image}`)
  return found
}

function configData(objects: K8sObject[], kind: 'ConfigMap' | 'Secret', name: string): Env {
  const object = named<K8sObject & { data?: Env; stringData?: Env }>(objects, kind, name)
  const data: Env = {}
  for (const [key, value] of Object.entries(object.data ?? {})) data[key] = kind === 'Secret' ? Buffer.from(value, 'base64').toString('utf8') : value
  return { ...data, ...(object.stringData ?? {}) }
}

/** The environment a container starts with: envFrom in order, then env (which wins), as the kubelet does. */
export function containerEnvironment(objects: K8sObject[], container: Container): Env {
  const env: Env = {}
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, configData(objects, 'ConfigMap', from.configMapRef.name))
    if (from.secretRef) Object.assign(env, configData(objects, 'Secret', from.secretRef.name))
  }
  for (const entry of container.env ?? []) {
    if (entry.value !== undefined) env[entry.name] = entry.value
    const ref = entry.valueFrom?.configMapKeyRef ?? entry.valueFrom?.secretKeyRef
    if (ref) env[entry.name] = configData(objects, entry.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret', ref.name)[ref.key]
  }
  return env
}

// ---------------------------------------------------------------------------------------------
// Each service's own settings

/**
 * Runs what a service's main.ts runs on its environment before it connects to anything: its own
 * loadEnv (services/<service>/src/env.ts, whose schema carries the service kit's production checks:
 * HOST, identity keys, no demo seeding, strong secrets), then assertInfraCredentials. They print
 * what is wrong and end the process; here that becomes an error carrying the printed lines.
 */
export async function loadServiceEnv(service: string, env: Env): Promise<Record<string, unknown>> {
  const module = (await import(join(root, 'services', service, 'src', 'env.ts'))) as { loadEnv: (source: NodeJS.ProcessEnv) => Record<string, unknown> }
  const gates = [assertInfraCredentials as (env: unknown) => void]
  const printed: string[] = []
  const realExit = process.exit
  const realError = console.error
  console.error = (...args: unknown[]) => printed.push(args.join(' '))
  process.exit = ((code?: number) => {
    throw new Error(`${service} would exit (${code}): ${printed.join('\n')}`)
  }) as typeof process.exit
  try {
    const parsed = module.loadEnv(env)
    for (const gate of gates) gate(parsed)
    return parsed
  } finally {
    process.exit = realExit
    console.error = realError
  }
}

/** Every URL in a parsed setting (REMOTES_JSON parses to an object of URLs). */
export function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? [value] : []
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn)
  return []
}

export const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]', '0.0.0.0'].includes(new URL(url).hostname)
