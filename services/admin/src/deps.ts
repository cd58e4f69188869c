import type { ServiceDeps } from '@plumbline/service-kit'
import type { AdminEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'

/** Everything a use case may touch: the runtime's deps plus admin's env. */
export type AdminDeps = ServiceDeps<PrismaClient> & { env: AdminEnv }

/** Admin's deps from the runtime's. */
export const buildAdminDeps = (base: ServiceDeps<PrismaClient> & { env: AdminEnv }): AdminDeps => base
