import { BUDGET_TOLERANCE } from '@plumbline/contracts'
import { dec } from './money.js'

/** Spec 001 §4: the budget is balanced when the enabled percentages total within 0.1 of 100. */
export function enabledPercentageTotal(phases: { percentage: string; isEnabled: boolean }[]): string {
  return phases
    .filter((p) => p.isEnabled)
    .reduce((acc, p) => acc.plus(dec(p.percentage)), dec(0))
    .toFixed(2)
}

export function isBalanced(total: string): boolean {
  return dec(total).minus(100).abs().lessThanOrEqualTo(BUDGET_TOLERANCE)
}

/** The message a refused budget answers with (over- or under-allocation). */
export function budgetImbalanceMessage(total: string): string {
  const over = dec(total).greaterThan(100)
  const by = dec(total).minus(100).abs().toFixed(2)
  return over
    ? `Enabled phases total ${total}%, which is over-allocated by ${by}%. Adjust them to total 100% (±${BUDGET_TOLERANCE}).`
    : `Enabled phases total ${total}%, leaving ${by}% unallocated. Adjust them to total 100% (±${BUDGET_TOLERANCE}).`
}
