import { Subjects } from '@plumbline/contracts'
import { isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'

/** Soft delete: the row stays (approvals refer to it) but disappears from every route. */
export async function deleteEstimate(deps: EstimatesDeps, ctx: OrgContext, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Estimate')
  await deps.prisma.$transaction(async (tx) => {
    const e = await tx.estimate.findFirst({ where: { id, organizationId: ctx.orgId, deletedAt: null } })
    if (!e) throw notFound('Estimate')
    const { count } = await tx.estimate.updateMany({ where: { id, organizationId: ctx.orgId, deletedAt: null }, data: { deletedAt: new Date() } })
    if (count === 0) throw notFound('Estimate')
    // A deleted estimate's public link stops working at once.
    await tx.shareLink.updateMany({ where: { estimateId: id, organizationId: ctx.orgId, revokedAt: null }, data: { revokedAt: new Date() } })
    await recordEstimateEvent(tx, Subjects.estimateDeleted, ctx.orgId, ctx.userId, {
      estimateId: e.id,
      projectName: e.projectName,
      clientName: e.clientName,
      status: e.status,
    })
  })
}
