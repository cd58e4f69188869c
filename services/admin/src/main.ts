import { startTelemetry } from '@plumbline/telemetry'

startTelemetry('admin')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { adminRoutes } = await import('./app.js')
const { startAdmin } = await import('./start.js')
const { startAdminConsumers } = await import('./events/consumers.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>>({
  name: 'admin',
  schema: 'admin',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  consumers: (deps) => startAdminConsumers({ ...deps, env }),
  onStart: (deps) => startAdmin({ ...deps, env }),
  routes: (deps) => adminRoutes({ ...deps, env }),
})
