import { startTelemetry } from '@plumbline/telemetry'
import type { AuthDeps } from './deps.js'

startTelemetry('auth')

const { startServiceRuntime, createLogger } = await import('@plumbline/service-kit')
const { loadEnv } = await import('./env.js')
const { authRoutes } = await import('./app.js')
const { startAuth } = await import('./start.js')
const { startMailConsumers } = await import('./consumers/mail-consumer.js')
const { createMailer } = await import('./mail/mailer.js')
const { PrismaClient } = await import('./generated/prisma/client.js')

const env = loadEnv()
const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, sinkPort: env.MAIL_SINK_PORT, logger: createLogger('auth-mail', env.LOG_LEVEL) })
// Named explicitly: inference would settle on the runtime's structural PrismaLike.
await startServiceRuntime<InstanceType<typeof PrismaClient>, AuthDeps>({
  name: 'auth',
  schema: 'auth',
  env,
  PrismaClient,
  migrationsDir: new URL('../prisma/migrations', import.meta.url).pathname,
  buildDeps: (base) => ({ ...base, env, mailer }),
  consumers: (deps) => startMailConsumers(deps),
  onStart: (deps) => startAuth(deps),
  routes: (deps) => authRoutes(deps),
  // Sessions live in Redis: no sign-in, sign-out or identity look-up works without it.
  needs: { redis: true },
})
