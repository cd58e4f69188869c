import type { Express } from 'express'
import type { ServiceDeps } from '@plumbline/service-kit'
import type { AdminEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'
import { organizationRoutes } from './http/organization-routes.js'

export type AdminDeps = ServiceDeps<PrismaClient> & { env: AdminEnv }

/** Routes of the admin service; services see paths without the gateway's /api prefix. */
export const adminRoutes = (deps: AdminDeps) => (app: Express) => {
  app.use(organizationRoutes(deps.env))
}
