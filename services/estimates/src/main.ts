import { startTelemetry } from '@plumbline/telemetry'
startTelemetry('estimates')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { estimatesRoutes } = await import('./app.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
await startServiceRuntime({
  name: 'estimates',
  schema: 'estimates',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  routes: (deps) => estimatesRoutes({ ...deps, env }),
})
