import type { HealthCheck } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'

const INFRA_TIMEOUT_MS = 2000

async function timed(component: string, check: () => Promise<{ message: string; details: Record<string, unknown> }>): Promise<HealthCheck> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  try {
    const result = await Promise.race([
      check(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${INFRA_TIMEOUT_MS} ms`)), INFRA_TIMEOUT_MS).unref()),
    ])
    return { component, status: 'healthy', responseTime: elapsed(), ...result }
  } catch (err) {
    return { component, status: 'unhealthy', message: err instanceof Error ? err.message : String(err), responseTime: elapsed(), details: {} }
  }
}

/** Connections to the database the services share (each its own schema). */
export async function databaseConnections(deps: Pick<AdminDeps, 'prisma'>): Promise<number> {
  const rows = await deps.prisma.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()')
  return Number(rows[0]?.n ?? 0)
}

export const postgresCheck = (deps: Pick<AdminDeps, 'prisma'>) =>
  timed('postgresql', async () => {
    const connections = await databaseConnections(deps)
    return { message: `Answering, ${connections} connections`, details: { connections } }
  })

export const redisCheck = (deps: Pick<AdminDeps, 'redis'>) =>
  timed('redis', async () => {
    await deps.redis.ping()
    return { message: 'Answering', details: {} }
  })

/** JetStream's account view: whether it answers and how much it holds. */
export const jetStreamAccountCheck = (deps: Pick<AdminDeps, 'bus'>) =>
  timed('nats-jetstream', async () => {
    const info = await deps.bus.jsm.getAccountInfo()
    return { message: 'Answering', details: { streams: info.streams, consumers: info.consumers, storageBytes: info.storage, memoryBytes: info.memory } }
  })
