// Where `npm test` gets PostgreSQL, NATS JetStream and Redis, for each of the three in this order:
// 1. its URL in the environment (DATABASE_URL, NATS_URL, REDIS_URL);
// 2. else, when a Docker engine answers, a throwaway container started with testcontainers and
//    removed after the run (so a laptop with Docker and nothing else installed can run the suite);
// 3. else the local server on its standard port (scripts/lib/infra.ts starts an embedded one there
//    when nothing listens).
// testcontainers is imported only when Docker is asked about: it is heavy and needs Node 24.
import type { StartedTestContainer } from 'testcontainers'

export const INFRA = ['postgres', 'nats', 'redis'] as const
export type InfraName = (typeof INFRA)[number]
export type InfraSource = 'environment' | 'container' | 'local'
export type InfraSources = Record<InfraName, InfraSource>

export const INFRA_ENV: Record<InfraName, 'DATABASE_URL' | 'NATS_URL' | 'REDIS_URL'> = {
  postgres: 'DATABASE_URL',
  nats: 'NATS_URL',
  redis: 'REDIS_URL',
}

/** Images for the container path: the servers' current major versions; NATS with JetStream on. */
export const INFRA_IMAGES: Record<InfraName, string> = {
  postgres: 'postgres:18-alpine',
  nats: 'nats:2-alpine',
  redis: 'redis:7-alpine',
}

export type InfraProbes = {
  env: Record<string, string | undefined>
  /** Asked only when some URL is missing from the environment. */
  dockerAnswers: () => Promise<boolean>
}

/** Picks a source for each server; Docker is asked at most once, and only if it could be used. */
export async function chooseInfraSources({ env, dockerAnswers }: InfraProbes): Promise<InfraSources> {
  const fromEnv = (name: InfraName) => Boolean(env[INFRA_ENV[name]])
  const docker = !INFRA.every(fromEnv) && (await dockerAnswers())
  return Object.fromEntries(INFRA.map((name) => [name, fromEnv(name) ? 'environment' : docker ? 'container' : 'local'])) as InfraSources
}

/** True when testcontainers finds a container runtime (DOCKER_HOST, the Docker socket, Docker Desktop, …). */
export async function dockerEngineAnswers(timeoutMs = 10_000): Promise<boolean> {
  const probe = import('testcontainers')
    .then(({ getContainerRuntimeClient }) => getContainerRuntimeClient())
    .then(
      () => true,
      () => false,
    )
  // A DOCKER_HOST that never answers must not hold the test run up.
  const silence = new Promise<boolean>((resolve) => setTimeout(resolve, timeoutMs, false).unref())
  return Promise.race([probe, silence])
}

export type InfraContainers = {
  /** The URL settings of the servers started, e.g. { NATS_URL: 'nats://localhost:32771' }. */
  env: Partial<Record<(typeof INFRA_ENV)[InfraName], string>>
  stop: () => Promise<void>
}

async function startContainer(name: InfraName): Promise<{ url: string; container: StartedTestContainer }> {
  const { GenericContainer, Wait } = await import('testcontainers')
  if (name === 'postgres') {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql')
    // The suite creates a database per test file, so it connects as the superuser.
    const container = await new PostgreSqlContainer(INFRA_IMAGES.postgres).withUsername('postgres').withPassword('postgres').withDatabase('postgres').start()
    return { url: container.getConnectionUri(), container }
  }
  if (name === 'nats') {
    const container = await new GenericContainer(INFRA_IMAGES.nats)
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start()
    return { url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`, container }
  }
  const container = await new GenericContainer(INFRA_IMAGES.redis)
    .withExposedPorts(6379)
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .start()
  return { url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`, container }
}

/** Starts a container for each server whose source is 'container'; stop() removes them. */
export async function startInfraContainers(sources: InfraSources, log: (m: string) => void = () => {}): Promise<InfraContainers> {
  const wanted = INFRA.filter((name) => sources[name] === 'container')
  const started = await Promise.allSettled(
    wanted.map(async (name) => {
      log(`starting ${INFRA_IMAGES[name]} in Docker`)
      return { name, ...(await startContainer(name)) }
    }),
  )
  const running = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const stop = async () => {
    await Promise.all(running.map((r) => r.container.stop().catch(() => {})))
  }
  const failure = started.find((r) => r.status === 'rejected')
  if (failure) {
    await stop()
    throw failure.reason
  }
  return { env: Object.fromEntries(running.map((r) => [INFRA_ENV[r.name], r.url])), stop }
}
