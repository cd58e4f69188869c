/**
 * The smallest SQL surface the outbox and the idempotent consumer need. It is shaped after
 * Prisma's interactive-transaction client so a service can pass `tx` straight through, while
 * tests and non-Prisma code use `pgTransactionRunner`. Placeholders are Postgres' `$1, $2…`.
 */
export type SqlTx = {
  /** Runs a statement; resolves to the number of affected rows. */
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>
  /** Runs a query; resolves to its rows. */
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>
}

/**
 * Runs `fn` inside one database transaction: commit when it resolves, roll back when it
 * throws. Services pass `(fn) => prisma.$transaction(fn)`.
 */
export type TransactionRunner = <T>(fn: (tx: SqlTx) => Promise<T>) => Promise<T>
