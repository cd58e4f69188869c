import { fixedText, PERCENTAGE_SCALE, type Phase, type ZBudgetPatch } from '@plumbline/contracts'
import { badRequest, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { inTransaction } from '../data/db.js'
import { touchEditableEstimate } from '../data/estimates-repo.js'
import { toPhaseDto } from '../data/mappers.js'
import { listEstimatePhases, listPhasesForSplit, updateEstimatePhase } from '../data/phases-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { budgetImbalanceMessage, enabledPercentageTotal, isBalanced } from '../domain/budget.js'

/**
 * Saves the budget by phase (spec 001 §4): every phase id must be the estimate's; the enabled
 * percentages of the resulting budget (edited phases plus any not sent) must total 100 ± 0.1.
 * Amounts are saved as sent and become the phases' adjusted cost.
 */
export async function updatePhaseBudget(deps: EstimatesDeps, ctx: OrgContext, estimateId: string, input: z.output<typeof ZBudgetPatch>): Promise<Phase[]> {
  const ids = input.phases.map((p) => p.id)
  if (new Set(ids).size !== ids.length) throw badRequest('Each phase may appear only once', [{ field: 'phases', message: 'Each phase may appear only once' }])
  return inTransaction(deps, async (tx) => {
    const e = await touchEditableEstimate(tx, ctx.orgId, estimateId)
    const phases = await listPhasesForSplit(tx, ctx.orgId, e.id)
    const known = new Map(phases.map((p) => [p.id, p]))
    const unknown = input.phases.findIndex((p) => !known.has(p.id.toLowerCase()))
    if (unknown >= 0)
      throw badRequest('Every phase must belong to this estimate', [{ field: `phases.${unknown}.id`, message: 'This phase does not belong to this estimate' }])
    const patch = new Map(input.phases.map((p) => [p.id.toLowerCase(), p]))
    const result = phases.map((p) => ({
      percentage: patch.get(p.id)?.percentage ?? fixedText(p.percentage, PERCENTAGE_SCALE),
      isEnabled: patch.get(p.id)?.isEnabled ?? p.isEnabled,
    }))
    const total = enabledPercentageTotal(result)
    if (!isBalanced(total)) throw badRequest(budgetImbalanceMessage(total), [{ field: 'phases', message: budgetImbalanceMessage(total) }])
    for (const p of input.phases) {
      await updateEstimatePhase(tx, ctx.orgId, p.id.toLowerCase(), {
        percentage: p.percentage,
        amount: p.amount,
        adjustedCost: p.amount,
        isEnabled: p.isEnabled,
      })
    }
    const saved = await listEstimatePhases(tx, ctx.orgId, e.id)
    return saved.map(toPhaseDto)
  })
}
