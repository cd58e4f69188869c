import { type Estimate, Subjects, type ZManualStatus } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { inTransaction } from '../data/db.js'
import { lockEstimateRow, updateEstimateRow } from '../data/estimates-repo.js'
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
  return inTransaction(deps, async (tx) => {
    const current = await lockEstimateRow(tx, ctx.orgId, id)
    if (current.lockedAt) {
      if (input.status === 'approved') return loadEstimateDto(tx, deps, ctx.orgId, current.id)
      throw estimateLockedError()
    }
    const updated = await updateEstimateRow(tx, ctx.orgId, current.id, {
      status: input.status,
      ...(input.status === 'approved' ? { lockedAt: new Date() } : {}),
    })
    if (current.status !== input.status) {
      await recordEstimateEvent(tx, EVENT_OF[input.status], ctx.orgId, ctx.userId, {
        estimateId: updated.id,
        projectName: updated.projectName,
        clientName: updated.clientName,
        status: updated.status,
      })
    }
    return loadEstimateDto(tx, deps, ctx.orgId, current.id)
  })
}
