import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { isUuid, notFound } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { loadVersionedSectionsJson, readSectionsVersion, type SectionsDocument } from '../data/sections-repo.js'
import type { Versioned } from '../data/versioned-memo.js'
import type { OrgContext } from '../http/context.js'

const gzipAsync = promisify(gzip)
/** Below this a gzip header and a round of deflate cost more than the bytes they save. */
const COMPRESS_FROM_BYTES = 1024

/**
 * GET …/estimates/{id}/sections: the JSON text (built by PostgreSQL), and its gzip when the
 * client accepts it and the text is worth compressing; 404 unless a live estimate of the
 * organisation. An unchanged estimate's document, compressed or not, is served from memory
 * after one version read (the tenancy and liveness check happen in that read too), so a
 * version is compressed at most once: 500 line items are ~200 kB of JSON and ~20 kB gzipped.
 */
export async function listSectionsJson(deps: EstimatesDeps, ctx: OrgContext, estimateId: string, acceptsGzip: boolean): Promise<Versioned<SectionsDocument>> {
  if (!isUuid(estimateId)) throw notFound('Estimate')
  let document = deps.sectionsDocuments.get(estimateId)
  if (document) {
    const version = await readSectionsVersion(deps.prisma, ctx.orgId, estimateId)
    if (version === null) throw notFound('Estimate')
    if (version !== document.version) document = undefined
  }
  if (!document) {
    const loaded = await loadVersionedSectionsJson(deps.prisma, ctx.orgId, estimateId)
    if (loaded === null) throw notFound('Estimate')
    document = { version: loaded.version, value: { json: loaded.value } }
    deps.sectionsDocuments.set(estimateId, document)
  }
  if (acceptsGzip && !document.value.gzip && document.value.json.length >= COMPRESS_FROM_BYTES) {
    document = { version: document.version, value: { ...document.value, gzip: await gzipAsync(document.value.json) } }
    deps.sectionsDocuments.set(estimateId, document)
  }
  return document
}
