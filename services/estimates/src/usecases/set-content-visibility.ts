import type { ZVisibilityPatch } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { touchEditableEstimate } from '../data/estimates-repo.js'
import { toContentLinkDto } from '../data/mappers.js'
import type { EstimatesDeps } from '../deps.js'

/** Where a content section appears: to the client in the app, in the PDF, on the web link. */
export async function setContentVisibility(deps: EstimatesDeps, ctx: OrgContext, estimateId: string, linkId: string, input: z.output<typeof ZVisibilityPatch>) {
  return deps.prisma.$transaction(async (tx) => {
    const e = await touchEditableEstimate(tx, ctx.orgId, estimateId)
    const link = await tx.contentLink.findFirst({ where: { id: linkId, estimateId: e.id, organizationId: ctx.orgId } })
    if (!link) throw notFound('Content link')
    const updated = await tx.contentLink.update({
      where: { id: link.id },
      data: { showToClient: input.showToClient, includeInPdf: input.includeInPdf, includeInWebLink: input.includeInWebLink },
    })
    return toContentLinkDto(updated)
  })
}
