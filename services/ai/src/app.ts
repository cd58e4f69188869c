import type { Express } from 'express'
import type { ServiceDeps } from '@plumbline/service-kit'
import type { AiEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'

export type AiDeps = ServiceDeps<PrismaClient> & { env: AiEnv }

/** Business routes of the ai service arrive with their issue; health, readiness and metrics come from the kit. */
export const aiRoutes = (_deps: AiDeps) => (_app: Express) => {}
