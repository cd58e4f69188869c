import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import { readSectionsJson, type SectionsDocument } from '../data/sections-repo.js'
import type { Versioned } from '../data/versioned-memo.js'
import type { EstimatesDeps } from '../deps.js'

const gzipAsync = promisify(gzip)
/** Below this a gzip header and a round of deflate cost more than the bytes they save. */
const COMPRESS_FROM_BYTES = 1024

/**
 * GET …/estimates/{id}/sections (id already a UUID): the JSON (built by PostgreSQL) as bytes, and
 * its gzip when the client accepts it and the text is worth compressing; 404 unless a live
 * estimate of the organisation. One statement reads the sections version (the tenancy and
 * liveness check too) and builds the text only when the remembered document is of another
 * version, so an unchanged estimate costs one primary-key read and a version is compressed at
 * most once: 500 line items are ~200 kB of JSON and ~26 kB gzipped.
 */
export async function listSectionsDocument(
  deps: EstimatesDeps,
  ctx: OrgContext,
  estimateId: string,
  acceptsGzip: boolean,
): Promise<Versioned<SectionsDocument>> {
  const held = deps.sectionsDocuments.get(estimateId)
  const read = await readSectionsJson(deps.queryRows, ctx.orgId, estimateId, held?.version)
  if (read === null) throw notFound('Estimate')
  // The text is null only when the held version is still current.
  let document = held && held.version === read.version ? held : { version: read.version, value: { body: Buffer.from(read.json ?? '[]') } }
  if (document !== held) deps.sectionsDocuments.set(estimateId, document)
  if (acceptsGzip && !document.value.gzip && document.value.body.length >= COMPRESS_FROM_BYTES) {
    document = { version: document.version, value: { ...document.value, gzip: await gzipAsync(document.value.body) } }
    deps.sectionsDocuments.set(estimateId, document)
  }
  return document
}
