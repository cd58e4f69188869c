import type { ServiceDeps } from '@plumbline/service-kit'
import type { AdminEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'
import { MetricsHistory } from './monitoring/history.js'

/** Everything a use case may touch: the runtime's deps plus admin's env and the monitoring history (one per process). */
export type AdminDeps = ServiceDeps<PrismaClient> & { env: AdminEnv; monitoringHistory: MetricsHistory }

/** Admin's deps from the runtime's: the process's one monitoring history is made here. */
export const buildAdminDeps = (base: ServiceDeps<PrismaClient> & { env: AdminEnv }): AdminDeps => ({ ...base, monitoringHistory: new MetricsHistory() })

/** A Prisma interactive-transaction client. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]

/** What reads need: the client or a transaction. */
export type Db = PrismaClient | Tx
