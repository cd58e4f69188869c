import { notFound, type OrgContext } from '@plumbline/service-kit'
import { readSectionsJson, type SectionsDocument } from '../data/sections-repo.js'
import type { Versioned } from '../data/versioned-memo.js'
import type { EstimatesDeps } from '../deps.js'

/**
 * GET …/estimates/{id}/sections (id already a UUID): the sections as JSON bytes (built by
 * PostgreSQL) with their version; 404 unless a live estimate of the organisation. One statement
 * reads the sections version (the tenancy and liveness check too) and builds the text only when
 * the remembered document is of another version, so an unchanged estimate costs one primary-key
 * read. How the bytes go out (ETag, gzip) is the route's business (http/sections-body.ts).
 */
export async function listSectionsDocument(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<Versioned<SectionsDocument>> {
  const held = deps.sectionsDocuments.get(estimateId)
  const read = await readSectionsJson(deps.queryRows, ctx.orgId, estimateId, held?.version)
  if (read === null) throw notFound('Estimate')
  // The text is null only when the held version is still current.
  if (held && held.version === read.version) return held
  const document = { version: read.version, value: { body: Buffer.from(read.json ?? '[]') } }
  deps.sectionsDocuments.set(estimateId, document)
  return document
}
