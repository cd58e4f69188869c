import type { Prisma, PrismaClient } from '../generated/prisma/client.js'

/** A Prisma client or an interactive transaction: repositories accept either. */
export type Db = PrismaClient | Prisma.TransactionClient
export type Tx = Prisma.TransactionClient

/**
 * Runs one read statement outside any transaction and returns its rows: deps.queryRows in the
 * service (straight on Prisma's pool), a plain pg pool in the benchmark.
 */
export type RunSql = <T>(sql: Prisma.Sql) => Promise<T[]>

/** Unique-constraint violation (Prisma P2002, or 23505 from raw SQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; meta?: { code?: string }; cause?: { code?: string } } | null
  return e?.code === 'P2002' || e?.code === '23505' || e?.meta?.code === '23505' || e?.cause?.code === '23505'
}

/**
 * Runs fn in one interactive transaction and hands it the transaction handle to pass to the
 * repositories: the only way a use case opens a transaction, so use cases never touch Prisma.
 */
export function inTransaction<T>(deps: { prisma: PrismaClient }, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.prisma.$transaction(fn)
}

/** Rows of the catalogue an organisation sees: the system's (organizationId null) and its own. */
export const visibleTo = (orgId: string) => ({ OR: [{ organizationId: null }, { organizationId: orgId }] })
