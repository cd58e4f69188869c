// The first platform admin: creates the account as superadmin, or promotes an existing one,
// audited (usecases/grant-superadmin.ts). With auth's own settings (DATABASE_URL, REDIS_URL, …):
//   npm run admin:create -- --email ops@example.com [--first-name Ada --last-name Lovelace]
// In a cluster, the suspended CronJob create-admin runs it once with the auth image
// (node src/bin/create-admin.js), the address and password from the create-admin Secret
// (ADMIN_EMAIL, ADMIN_PASSWORD): docs/deploying.md. Without a password, one is generated and
// printed once; either way it must be changed at first sign-in.
import { parseArgs } from 'node:util'
import { z } from 'zod'
import type { AuthDeps } from '../deps.js'

const { values } = parseArgs({
  options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, via: { type: 'string' } },
})
const input = z
  .object({
    email: z.email('must be an e-mail address (--email or ADMIN_EMAIL)'),
    firstName: z.string().min(1).max(100).optional(),
    lastName: z.string().min(1).max(100).optional(),
    password: z.string().min(12, 'ADMIN_PASSWORD must have at least 12 characters').max(256).optional(),
  })
  .safeParse({
    email: values.email ?? process.env.ADMIN_EMAIL,
    firstName: values['first-name'] ?? (process.env.ADMIN_FIRST_NAME || undefined),
    lastName: values['last-name'] ?? (process.env.ADMIN_LAST_NAME || undefined),
    password: process.env.ADMIN_PASSWORD || undefined,
  })
if (!input.success) {
  console.error(`Invalid input:\n${input.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`)
  process.exit(2)
}

// The input is checked before the database client and the rest load.
const { applyMigrations, createPrismaClient, ensureDatabase } = await import('@plumbline/db')
const { connectRedis, createLogger } = await import('@plumbline/service-kit')
const { loadEnv } = await import('../env.js')
const { PrismaClient } = await import('../generated/prisma/client.js')
const { grantSuperadmin } = await import('../usecases/grant-superadmin.js')
const { seedSystemRoles } = await import('../usecases/seed-system-roles.js')

const env = loadEnv()
const logger = createLogger('auth-create-admin', env.LOG_LEVEL)
await ensureDatabase(env.DATABASE_URL)
await applyMigrations(env.DATABASE_URL, { schema: 'auth', migrationsDir: new URL('../../prisma/migrations', import.meta.url).pathname })
const { prisma } = createPrismaClient(PrismaClient, { databaseUrl: env.DATABASE_URL, schema: 'auth', poolSize: 2 })
const redis = await connectRedis(env.REDIS_URL, logger)
try {
  const deps = { prisma, redis, env } as unknown as AuthDeps
  await seedSystemRoles(deps)
  const result = await grantSuperadmin(deps, { ...input.data, via: values.via ?? 'npm run admin:create' })
  const what = {
    created: 'created as superadmin',
    promoted: `promoted from ${result.previousRole} to superadmin`,
    unchanged: 'already a superadmin: nothing changed',
  }
  console.log(`${input.data.email} (${result.userId}): ${what[result.outcome]}.`)
  if (result.temporaryPassword) console.log(`Temporary password (shown once; it must be changed at first sign-in): ${result.temporaryPassword}`)
  else if (result.outcome === 'created') console.log('Sign in with the password given; it must be changed at first sign-in.')
} finally {
  await redis.quit().catch(() => {})
  await prisma.$disconnect()
}
