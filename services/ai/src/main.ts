import { startTelemetry } from '@plumbline/telemetry'

startTelemetry('ai')

const { startServiceRuntime } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { aiServiceRoutes } = await import('./app.js')
const { buildDeps } = await import('./deps.js')
const { startAi } = await import('./start.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
// One provider and worker id for the routes and the worker of this process.
let deps: ReturnType<typeof buildDeps> | undefined
const depsOf = (base: Parameters<typeof buildDeps>[0]) => (deps ??= buildDeps(base, env))
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>>({
  name: 'ai',
  schema: 'ai',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  onStart: (base) => startAi(depsOf(base)),
  routes: (base) => aiServiceRoutes(depsOf(base)),
})
