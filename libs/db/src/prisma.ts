import { PrismaPg } from '@prisma/adapter-pg'
import { poolConfig } from './connection.js'

type PrismaCtor<T> = new (...args: any[]) => T

/** Prisma 7 with the pg driver adapter, pointed at the service's own schema. */
export function createPrismaClient<T>(Client: PrismaCtor<T>, opts: { databaseUrl: string; schema: string; poolSize?: number }): T {
  const adapter = new PrismaPg(poolConfig(opts.databaseUrl, opts.schema, opts.poolSize), { schema: opts.schema })
  return new Client({ adapter })
}
