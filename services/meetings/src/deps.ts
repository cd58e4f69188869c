import type { ServiceDeps } from '@plumbline/service-kit'
import type { MeetingsEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'

/** Everything a use case may touch: the runtime's deps plus meetings' env. */
export type MeetingsDeps = ServiceDeps<PrismaClient> & { env: MeetingsEnv }

/** A Prisma interactive-transaction client. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]

/** What reads need: the client or a transaction. */
export type Db = PrismaClient | Tx
