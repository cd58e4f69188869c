import { notFound, type OrgContext } from '@plumbline/service-kit'
import { heldSections, type SectionsDocument, sectionsDocumentFrom } from '../data/sections-document.js'
import { readSections } from '../data/sections-repo.js'
import type { Versioned } from '../data/versioned-memo.js'
import type { EstimatesDeps } from '../deps.js'

/**
 * GET …/estimates/{id}/sections (id already a UUID): the sections as JSON bytes (built by
 * PostgreSQL) with their version; 404 unless a live estimate of the organisation. One statement
 * reads the sections version (the tenancy and liveness check too) and builds the JSON of only
 * the sections that changed since the remembered document, so an unchanged estimate costs one
 * primary-key read and an edited one the edited sections. How the bytes go out (ETag, gzip) is
 * the route's business (http/versioned-body.ts).
 */
export async function listSectionsDocument(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<Versioned<SectionsDocument>> {
  const held = deps.sectionsDocuments.get(estimateId)
  const read = await readSections(deps.queryRows, ctx.orgId, estimateId, held && heldSections(held))
  if (read === null) throw notFound('Estimate')
  if (held && held.version === read.version) return held
  const document = { version: read.version, value: sectionsDocumentFrom(read, held?.value) }
  deps.sectionsDocuments.set(estimateId, document)
  return document
}
