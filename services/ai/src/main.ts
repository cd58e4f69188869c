import { startTelemetry } from '@plumbline/telemetry'
import type { AiDeps } from './deps.js'

startTelemetry('ai')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { aiServiceRoutes } = await import('./app.js')
const { buildDeps } = await import('./deps.js')
const { startAi } = await import('./start.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>, AiDeps>({
  name: 'ai',
  schema: 'ai',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  // One provider and worker id for the routes and the worker of this process.
  buildDeps: (base) => buildDeps(base, env),
  onStart: (deps) => startAi(deps),
  routes: (deps) => aiServiceRoutes(deps),
})
