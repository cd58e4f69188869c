/** A service's generated Prisma client, as far as transactions go. */
type TransactionalClient = { $transaction: (...args: never[]) => unknown }

/**
 * The interactive-transaction handle of a service's Prisma client: its `Prisma.TransactionClient`,
 * which each service names `Tx` in `data/db.ts` and its repositories take inside a transaction.
 * (Of `$transaction`'s overloads the last, the interactive one, is the one inferred from.)
 */
export type TransactionOf<P> = P extends { $transaction(fn: (tx: infer X) => unknown, ...options: never[]): unknown } ? X : never

/**
 * Runs fn in one interactive transaction and hands it the handle to pass to the repositories:
 * the one way a use case opens a transaction, so use cases never call Prisma themselves.
 */
export function inTransaction<P extends TransactionalClient, T>(deps: { prisma: P }, fn: (tx: TransactionOf<P>) => Promise<T>): Promise<T> {
  const client = deps.prisma as unknown as { $transaction: (fn: (tx: TransactionOf<P>) => Promise<T>) => Promise<T> }
  return client.$transaction(fn)
}
