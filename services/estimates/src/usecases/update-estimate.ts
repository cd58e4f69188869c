import { centsOf, centsText, type Estimate, Subjects, splitByPercentages } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { requireUsableProjectType } from '../data/catalog-repo.js'
import { inTransaction } from '../data/db.js'
import { findLiveEstimate, touchEditableEstimate, updateEstimateRow } from '../data/estimates-repo.js'
import { listPhasesForSplit, updateEstimatePhase } from '../data/phases-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { type EstimateInput, estimateColumns } from './create-estimate.js'
import { loadEstimateDto } from './get-estimate.js'

/**
 * Replaces the estimate's fields (same payload as create). Refused with 409 while locked. When
 * the total cost changes, phase amounts follow their percentages.
 */
export async function updateEstimate(deps: EstimatesDeps, ctx: OrgContext, id: string, input: EstimateInput): Promise<Estimate> {
  return inTransaction(deps, async (tx) => {
    const current = await touchEditableEstimate(tx, ctx.orgId, id)
    const before = await findLiveEstimate(tx, ctx.orgId, current.id)
    if (before.projectTypeId !== input.projectTypeId) await requireUsableProjectType(tx, ctx.orgId, input.projectTypeId)
    const updated = await updateEstimateRow(tx, ctx.orgId, current.id, estimateColumns(input))
    const totalChanged = before.totalCost === null || centsOf(before.totalCost) !== centsOf(input.totalCost)
    if (totalChanged) {
      const phases = await listPhasesForSplit(tx, ctx.orgId, current.id)
      const amounts = splitByPercentages(
        centsOf(input.totalCost),
        phases.map((p) => p.percentage),
      ).map(centsText)
      for (const [i, p] of phases.entries()) {
        await updateEstimatePhase(tx, ctx.orgId, p.id, {
          amount: amounts[i],
          estimatedCost: amounts[i],
          ...(p.adjustedCost === null ? {} : { adjustedCost: amounts[i] }),
        })
      }
    }
    await recordEstimateEvent(tx, Subjects.estimateUpdated, ctx.orgId, ctx.userId, {
      estimateId: updated.id,
      projectName: updated.projectName,
      clientName: updated.clientName,
      status: updated.status,
    })
    return loadEstimateDto(tx, deps, ctx.orgId, updated.id)
  })
}
