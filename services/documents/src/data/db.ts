import type { Prisma, PrismaClient } from '../generated/prisma/client.js'

/** A Prisma client or an interactive transaction: repositories accept either. */
export type Db = PrismaClient | Prisma.TransactionClient
export type Tx = Prisma.TransactionClient

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Ids are UUIDs; anything else cannot name a row, so callers answer 404 without a query. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value)
