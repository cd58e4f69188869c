import type pg from 'pg'
import type { SqlTx, TransactionRunner } from './sql-tx.js'

/**
 * A TransactionRunner over a node-postgres pool, for tests and code that does not use Prisma.
 * pg already speaks `$1, $2…` placeholders, so the values are passed through unchanged.
 */
export function pgTransactionRunner(pool: pg.Pool): TransactionRunner {
  return async <T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> => {
    const client = await pool.connect()
    // A client whose ROLLBACK failed is in an unknown state: destroy it instead of pooling it.
    let broken: Error | undefined
    try {
      await client.query('BEGIN')
      const tx: SqlTx = {
        async $executeRawUnsafe(query: string, ...values: unknown[]) {
          const result = await client.query(query, values)
          return result.rowCount ?? 0
        },
        async $queryRawUnsafe<R = unknown>(query: string, ...values: unknown[]) {
          const result = await client.query(query, values)
          return result.rows as R
        },
      }
      const value = await fn(tx)
      await client.query('COMMIT')
      return value
    } catch (err) {
      try {
        await client.query('ROLLBACK')
      } catch (rollbackErr) {
        broken = rollbackErr as Error
      }
      throw err
    } finally {
      client.release(broken)
    }
  }
}
