import { startTelemetry } from '@plumbline/telemetry'
startTelemetry('documents')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { documentsRoutes } = await import('./app.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
await startServiceRuntime({
  name: 'documents',
  schema: 'documents',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  routes: (deps) => documentsRoutes({ ...deps, env }),
})
