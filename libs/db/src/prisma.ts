import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { poolConfig } from './connection.js'

/**
 * Interactive transactions: Prisma's defaults (wait 2 s for a connection, 5 s to finish) abort
 * ordinary writes on a saturated 2-core machine; these are generous enough for a loaded host
 * and still end a transaction stuck behind a lost lock.
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const

/** A generated PrismaClient class, as createPrismaClient constructs it. */
export type PrismaCtor<T> = new (options: { adapter: PrismaPg; transactionOptions: typeof TRANSACTION_OPTIONS }) => T

/** A statement as Prisma.sql builds it: text with $1… placeholders and its values. */
export type Statement = { text: string; values: unknown[] }
/** Runs one statement on the pool Prisma uses and returns its rows, as node-postgres types them. */
export type QueryRows = <T>(statement: Statement) => Promise<T[]>

/**
 * Prisma 7 with the pg driver adapter, pointed at the service's own schema, and `queryRows` on
 * the same pool (no extra connections) for the few hot reads where Prisma's own cost per call
 * shows (its time and allocations per call; docs/adr/0010). Closing Prisma ends the pool.
 */
export function createPrismaClient<T>(
  Client: PrismaCtor<T>,
  opts: { databaseUrl: string; schema: string; poolSize?: number },
): { prisma: T; queryRows: QueryRows; poolStats: () => PoolStats } {
  const pool = new pg.Pool(poolConfig(opts.databaseUrl, opts.schema, opts.poolSize))
  const adapter = new PrismaPg(pool, { schema: opts.schema, disposeExternalPool: true })
  const prisma = new Client({ adapter, transactionOptions: TRANSACTION_OPTIONS })
  const queryRows: QueryRows = async <R>(statement: Statement) => (await pool.query(statement.text, statement.values)).rows as R[]
  const poolStats = (): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
  return { prisma, queryRows, poolStats }
}

/** The connection pool right now: open connections, idle ones, and queries waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number }
