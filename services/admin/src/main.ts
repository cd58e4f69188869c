import { startTelemetry } from '@plumbline/telemetry'
import type { AdminDeps } from './deps.js'

startTelemetry('admin')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { adminRoutes } = await import('./app.js')
const { startAdmin } = await import('./start.js')
const { buildAdminDeps } = await import('./deps.js')
const { startAdminConsumers } = await import('./consumers/consumers.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>, AdminDeps>({
  name: 'admin',
  schema: 'admin',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  buildDeps: (base) => buildAdminDeps({ ...base, env }),
  consumers: (deps) => startAdminConsumers(deps),
  onStart: (deps) => startAdmin(deps),
  routes: (deps) => adminRoutes(deps),
})
