import { startTelemetry } from '@plumbline/telemetry'
import type { DocumentsDeps } from './deps.js'

startTelemetry('documents')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { documentsRoutes } = await import('./app.js')
const { buildDeps } = await import('./deps.js')
const { startDocuments } = await import('./start.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>, DocumentsDeps>({
  name: 'documents',
  schema: 'documents',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  buildDeps: (base) => buildDeps(base, env),
  onStart: (deps) => startDocuments(deps),
  routes: (deps) => documentsRoutes(deps),
})
