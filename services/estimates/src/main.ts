import { startTelemetry } from '@plumbline/telemetry'
startTelemetry('estimates')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { estimatesRoutes } = await import('./app.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>>({
  name: 'estimates',
  schema: 'estimates',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  routes: (deps) => estimatesRoutes({ ...deps, env }),
})
