import type { Prisma, PrismaClient } from '../generated/prisma/client.js'

/** A Prisma client or an interactive transaction: repositories accept either. */
export type Db = PrismaClient | Prisma.TransactionClient
export type Tx = Prisma.TransactionClient
