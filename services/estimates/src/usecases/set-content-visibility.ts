import type { ZVisibilityPatch } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { findContentLink, updateContentLinkFlags } from '../data/content-repo.js'
import { inTransaction } from '../data/db.js'
import { touchEditableEstimate } from '../data/estimates-repo.js'
import { toContentLinkDto } from '../data/mappers.js'
import type { EstimatesDeps } from '../deps.js'

/** Where a content section appears: to the client in the app, in the PDF, on the web link. */
export async function setContentVisibility(deps: EstimatesDeps, ctx: OrgContext, estimateId: string, linkId: string, input: z.output<typeof ZVisibilityPatch>) {
  return inTransaction(deps, async (tx) => {
    const e = await touchEditableEstimate(tx, ctx.orgId, estimateId)
    const link = await findContentLink(tx, ctx.orgId, e.id, linkId)
    if (!link) throw notFound('Content link')
    const updated = await updateContentLinkFlags(tx, ctx.orgId, link.id, {
      showToClient: input.showToClient,
      includeInPdf: input.includeInPdf,
      includeInWebLink: input.includeInWebLink,
    })
    return toContentLinkDto(updated)
  })
}
