import type { Express } from 'express'
import type { ServiceDeps } from '@plumbline/service-kit'
import type { EstimatesEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'

export type EstimatesDeps = ServiceDeps<PrismaClient> & { env: EstimatesEnv }

/** Business routes of the estimates service arrive with their issue; health, readiness and metrics come from the kit. */
export const estimatesRoutes = (_deps: EstimatesDeps) => (_app: Express) => {}
