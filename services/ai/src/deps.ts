import { randomUUID } from 'node:crypto'
import type { ServiceDeps } from '@plumbline/service-kit'
import type { AiEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'
import type { AiProvider } from './providers/provider.js'
import { selectProvider } from './providers/select-provider.js'

/** What every router, use case and the job worker get. `workerId` names this process's job leases. */
export type AiDeps = ServiceDeps<PrismaClient> & { env: AiEnv; provider: AiProvider; workerId: string }

export function buildDeps(base: ServiceDeps<PrismaClient>, env: AiEnv, provider: AiProvider = selectProvider(env)): AiDeps {
  return { ...base, env, provider, workerId: `ai-${process.pid}-${randomUUID().slice(0, 8)}` }
}
