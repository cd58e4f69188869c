import { startTelemetry } from '@plumbline/telemetry'

startTelemetry('documents')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { documentsRoutes } = await import('./app.js')
const { buildDeps } = await import('./deps.js')
const { startDocuments } = await import('./start.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>>({
  name: 'documents',
  schema: 'documents',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  onStart: (deps) => startDocuments(buildDeps(deps, env)),
  routes: (deps) => documentsRoutes(buildDeps(deps, env)),
})
