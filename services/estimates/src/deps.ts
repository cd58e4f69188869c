import type { ServiceDeps } from '@plumbline/service-kit'
import { knownTotalBytes, type SearchTotals } from './data/list-estimates-query.js'
import { type ListPages, listPageBytes } from './data/list-pages.js'
import { type SectionsDocuments, sectionsDocumentBytes } from './data/sections-document.js'
import { createVersionedMemo } from './data/versioned-memo.js'
import { createShareTokenCrypto, type ShareTokenCrypto } from './domain/share-token-crypto.js'
import type { EstimatesEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'

/** What every router and use case of the service gets. */
export type EstimatesDeps = ServiceDeps<PrismaClient> & {
  env: EstimatesEnv
  shareTokens: ShareTokenCrypto
  /** Searches' totals by list version (see readListPage). */
  searchTotals: SearchTotals
  /** List pages' answers by page version (see listEstimates). */
  listPages: ListPages
  /** Sections documents by sections version (see listSectionsDocument). */
  sectionsDocuments: SectionsDocuments
  /** The time schedules and limits read; tests move it. */
  clock: Clock
}

export type Clock = { now: () => Date }
export const systemClock: Clock = { now: () => new Date() }

export function buildDeps(base: ServiceDeps<PrismaClient>, env: EstimatesEnv, clock: Clock = systemClock): EstimatesDeps {
  return {
    ...base,
    env,
    clock,
    shareTokens: createShareTokenCrypto(env.SHARE_TOKEN_KEY),
    searchTotals: createVersionedMemo({ maxEntries: 10_000, maxBytes: 32 * 1024 * 1024, sizeOf: knownTotalBytes }),
    listPages: createVersionedMemo({ maxEntries: 5_000, maxBytes: env.LIST_MEMO_MB * 1024 * 1024, sizeOf: listPageBytes }),
    sectionsDocuments: createVersionedMemo({ maxEntries: 2_000, maxBytes: env.SECTIONS_MEMO_MB * 1024 * 1024, sizeOf: sectionsDocumentBytes }),
  }
}
