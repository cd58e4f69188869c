import type { ServiceDeps } from '@plumbline/service-kit'
import type { Express } from 'express'
import type { MeetingsEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'

export type MeetingsDeps = ServiceDeps<PrismaClient> & { env: MeetingsEnv }

/** Business routes of the meetings service arrive with their issue; health, readiness and metrics come from the kit. */
export const meetingsRoutes = (_deps: MeetingsDeps) => (_app: Express) => {}
