import type { ServiceDeps } from '@plumbline/service-kit'
import type { DocumentsEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'
import { type AddressPolicy, isPublicAddress } from './net/address-policy.js'
import type { FileStorage } from './storage/file-storage.js'
import { createPostgresStorage } from './storage/postgres-storage.js'

/** How logo URLs are fetched; only tests change these (a local https server on 127.0.0.1). */
export type LogoFetchSettings = { allowAddress: AddressPolicy; ca?: string | Buffer }

/** What every router, use case and responder of the service gets. */
export type DocumentsDeps = ServiceDeps<PrismaClient> & { env: DocumentsEnv; storage: FileStorage; logoFetch: LogoFetchSettings }

export function buildDeps(
  base: ServiceDeps<PrismaClient>,
  env: DocumentsEnv,
  overrides: Partial<Pick<DocumentsDeps, 'storage' | 'logoFetch'>> = {},
): DocumentsDeps {
  return {
    ...base,
    env,
    storage: overrides.storage ?? createPostgresStorage(base.prisma),
    logoFetch: overrides.logoFetch ?? { allowAddress: isPublicAddress },
  }
}
