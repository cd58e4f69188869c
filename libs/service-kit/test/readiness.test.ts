import { type AddressInfo, createServer } from 'node:net'
import { connectBus } from '@plumbline/messaging'
import { buildHealthReport, createLogger, createMetrics, healthRouter, serviceReadiness } from '@plumbline/service-kit'
import express from 'express'
import { createClient, type RedisClientType } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Readiness that means what it says: a service leaves its load balancer only when a dependency
// its requests need is down. With Redis unreachable, a service that reads nothing from Redis per
// request stays ready (and reports Redis as failing); auth, whose sessions live there, does not.

const logger = createLogger('readiness-test', 'silent')
let redis: RedisClientType
let bus: Awaited<ReturnType<typeof connectBus>>
const prisma = { $queryRawUnsafe: async () => [{ '?column?': 1 }] }

beforeAll(async () => {
  // A port nobody listens on: the client never becomes ready, as when Redis is down.
  const probe = createServer().listen(0, '127.0.0.1')
  await new Promise((r) => probe.once('listening', r))
  const { port } = probe.address() as AddressInfo
  await new Promise((r) => probe.close(r))
  redis = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: () => 1000 } }) as RedisClientType
  redis.on('error', () => {})
  void redis.connect().catch(() => {})
  bus = await connectBus({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', name: 'readiness-test', prefix: 'readiness', logger })
})
afterAll(async () => {
  redis.destroy()
  await bus.close()
})

async function readyz(needs: { redis?: boolean }) {
  const app = express().use(healthRouter(serviceReadiness({ prisma, bus, redis }, needs)))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`)
    return { status: res.status, body: (await res.json()) as { checks: { component: string; status: string }[] } }
  } finally {
    server.close()
  }
}

describe('/readyz with Redis down', () => {
  it('stays ready for a service whose requests do not use Redis, and still names Redis as failing', async () => {
    const { status, body } = await readyz({})
    expect(status).toBe(200)
    expect(body.checks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ component: 'redis', status: 'unhealthy' }),
        expect.objectContaining({ component: 'database', status: 'healthy' }),
      ]),
    )
  })

  it('is unready for a service that reads Redis on every request (auth)', async () => {
    expect((await readyz({ redis: true })).status).toBe(503)
  })

  it('the health report admin reads says the same', async () => {
    const registry = createMetrics('readiness-test').registry
    const optional = await buildHealthReport({ service: 'estimates', bus, registry, readiness: serviceReadiness({ prisma, bus, redis }, {}) })
    const needed = await buildHealthReport({ service: 'auth', bus, registry, readiness: serviceReadiness({ prisma, bus, redis }, { redis: true }) })
    expect(optional.status).toBe('healthy')
    expect(needed.status).toBe('unhealthy')
  })
})
