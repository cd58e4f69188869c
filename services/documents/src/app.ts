import type { Express } from 'express'
import type { ServiceDeps } from '@plumbline/service-kit'
import type { DocumentsEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'

export type DocumentsDeps = ServiceDeps<PrismaClient> & { env: DocumentsEnv }

/** Business routes of the documents service arrive with their issue; health, readiness and metrics come from the kit. */
export const documentsRoutes = (_deps: DocumentsDeps) => (_app: Express) => {}
