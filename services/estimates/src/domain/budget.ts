import { BUDGET_TOLERANCE, percentageText, percentageUnits } from '@plumbline/contracts'

// Percentages in hundredths (bigint), as the money module reads them: exact, no float noise.
const HUNDRED = percentageUnits(100)
const TOLERANCE = percentageUnits(BUDGET_TOLERANCE)
const offBy = (total: string) => percentageUnits(total) - HUNDRED
const abs = (n: bigint) => (n < 0n ? -n : n)

/** Spec 001 §4: the budget is balanced when the enabled percentages total within 0.1 of 100. */
export function enabledPercentageTotal(phases: { percentage: string; isEnabled: boolean }[]): string {
  return percentageText(phases.filter((p) => p.isEnabled).reduce((acc, p) => acc + percentageUnits(p.percentage), 0n))
}

export function isBalanced(total: string): boolean {
  return abs(offBy(total)) <= TOLERANCE
}

/** The message a refused budget answers with (over- or under-allocation). */
export function budgetImbalanceMessage(total: string): string {
  const by = percentageText(abs(offBy(total)))
  return offBy(total) > 0n
    ? `Enabled phases total ${total}%, which is over-allocated by ${by}%. Adjust them to total 100% (±${BUDGET_TOLERANCE}).`
    : `Enabled phases total ${total}%, leaving ${by}% unallocated. Adjust them to total 100% (±${BUDGET_TOLERANCE}).`
}
