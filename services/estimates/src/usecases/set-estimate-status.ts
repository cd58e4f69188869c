import { type Estimate, Subjects, type ZManualStatus } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { findLiveEstimate } from '../data/estimates-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { estimateLockedError } from '../domain/estimate-lock.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { loadEstimateDto } from './get-estimate.js'

const EVENT_OF = {
  approved: Subjects.estimateApproved,
  rejected: Subjects.estimateRejected,
  draft: Subjects.estimateUpdated,
  pending: Subjects.estimateUpdated,
} as const

/**
 * The contractor sets a status by hand. Approved locks the estimate (as a client approval does);
 * a locked estimate keeps its status until it is reopened, so this route is no way around the lock.
 */
export async function setEstimateStatus(deps: EstimatesDeps, ctx: OrgContext, id: string, input: z.output<typeof ZManualStatus>): Promise<Estimate> {
  return deps.prisma.$transaction(async (tx) => {
    const e = await findLiveEstimate(tx, ctx.orgId, id)
    await tx.$queryRaw`SELECT id FROM estimates WHERE id = ${e.id}::uuid FOR UPDATE`
    const current = await tx.estimate.findUniqueOrThrow({ where: { id: e.id } })
    if (current.lockedAt) {
      if (input.status === 'approved') return loadEstimateDto(tx, deps, ctx.orgId, e.id)
      throw estimateLockedError()
    }
    const now = new Date()
    const updated = await tx.estimate.update({
      where: { id: e.id },
      data: { status: input.status, ...(input.status === 'approved' ? { lockedAt: now } : {}) },
    })
    if (current.status !== input.status) {
      await recordEstimateEvent(tx, EVENT_OF[input.status], ctx.orgId, ctx.userId, {
        estimateId: updated.id,
        projectName: updated.projectName,
        clientName: updated.clientName,
        status: updated.status,
      })
    }
    return loadEstimateDto(tx, deps, ctx.orgId, e.id)
  })
}
