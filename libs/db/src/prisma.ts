import { PrismaPg } from '@prisma/adapter-pg'
import { poolConfig } from './connection.js'

type PrismaCtor<T> = new (...args: any[]) => T

/**
 * Interactive transactions: Prisma's defaults (wait 2 s for a connection, 5 s to finish) abort
 * ordinary writes on a saturated 2-core machine; these are generous enough for a loaded host
 * and still end a transaction stuck behind a lost lock.
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const

/** Prisma 7 with the pg driver adapter, pointed at the service's own schema. */
export function createPrismaClient<T>(Client: PrismaCtor<T>, opts: { databaseUrl: string; schema: string; poolSize?: number }): T {
  const adapter = new PrismaPg(poolConfig(opts.databaseUrl, opts.schema, opts.poolSize), { schema: opts.schema })
  return new Client({ adapter, transactionOptions: TRANSACTION_OPTIONS })
}
