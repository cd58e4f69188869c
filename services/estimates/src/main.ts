import { startTelemetry } from '@plumbline/telemetry'
import type { EstimatesDeps } from './deps.js'

startTelemetry('estimates')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { estimatesRoutes } = await import('./app.js')
const { buildDeps } = await import('./deps.js')
const { startEstimates } = await import('./start.js')
const { startEstimatesConsumers } = await import('./consumers/consumers.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>, EstimatesDeps>({
  name: 'estimates',
  schema: 'estimates',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  // CSV imports carry up to 1 MB of text (the gateway's default limit is the same).
  bodyLimit: '1mb',
  buildDeps: (base) => buildDeps(base, env),
  consumers: (deps) => startEstimatesConsumers(deps),
  onStart: (deps) => startEstimates(deps),
  routes: (deps) => estimatesRoutes(deps),
})
