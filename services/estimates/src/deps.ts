import type { ServiceDeps } from '@plumbline/service-kit'
import type { EstimatesEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'
import { createShareTokenCrypto, type ShareTokenCrypto } from './domain/share-token-crypto.js'

/** What every router and use case of the service gets. */
export type EstimatesDeps = ServiceDeps<PrismaClient> & { env: EstimatesEnv; shareTokens: ShareTokenCrypto }

export function buildDeps(base: ServiceDeps<PrismaClient>, env: EstimatesEnv): EstimatesDeps {
  return { ...base, env, shareTokens: createShareTokenCrypto(env.SHARE_TOKEN_KEY) }
}
