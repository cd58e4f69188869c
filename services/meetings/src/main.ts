import { startTelemetry } from '@plumbline/telemetry'
import type { MeetingsDeps } from './app.js'

startTelemetry('meetings')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { meetingsRoutes } = await import('./app.js')
const { buildDeps } = await import('./deps.js')
const { startMeetings } = await import('./start.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>, MeetingsDeps>({
  name: 'meetings',
  schema: 'meetings',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  // One recogniser, storage and worker id for the routes and the worker of this process.
  buildDeps: (base) => buildDeps(base, env),
  onStart: (deps) => startMeetings(deps),
  routes: (deps) => meetingsRoutes(deps),
})
