import { type AllocationStatus, allocationStatus, type Phase } from '@plumbline/contracts'
import { toNumber } from '@plumbline/contracts/format'
import {
  allocateByWeight,
  centsText,
  centsToDollars,
  parseCents,
  percentageOfTotal,
  percentageText,
  percentageUnits,
  percentOf,
} from '@plumbline/contracts/money'

/** One phase while the budget is being adjusted (numbers, not wire strings). */
export type BudgetPhase = { id: string; name: string; percentage: number; amount: number; isEnabled: boolean }

/** Spec 001 §9: budget inputs step by 1,000 dollars and 0.1 percent. */
export const BUDGET_AMOUNT_STEP = 1000
export const BUDGET_PERCENTAGE_STEP = 0.1

// Amounts and percentages are numbers here because the inputs edit them as numbers; every
// computation goes through the money module (cents, hundredths of a percent) and back.
const cents = (dollars: number) => parseCents(dollars) ?? 0n
const percentageNumber = (units: bigint) => Number(percentageText(units))

export function toBudgetPhases(phases: Phase[]): BudgetPhase[] {
  return [...phases]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((p) => ({ id: p.id, name: p.name, percentage: toNumber(p.percentage) ?? 0, amount: toNumber(p.amount) ?? 0, isEnabled: p.isEnabled }))
}

/** The amount a percentage of the estimate total is worth (2 decimals). */
export function amountFor(percentage: number, totalCost: number): number {
  return centsToDollars(percentOf(cents(totalCost), percentage))
}

/** The percentage of the estimate total an amount is (2 decimals); 0 without a total. */
export function percentageFor(amount: number, totalCost: number): number {
  return percentageNumber(percentageOfTotal(cents(amount), cents(totalCost)))
}

export type BudgetStatus = AllocationStatus

/** Spec 001 §4 over the enabled phases (see allocationStatus). */
export function budgetStatus(phases: BudgetPhase[]): BudgetStatus {
  return allocationStatus(phases.filter((p) => p.isEnabled).map((p) => p.percentage))
}

/** Spreads exactly 100.00 over `weights` in proportion, in hundredths, handing leftovers to the largest remainders. */
function apportion(weights: number[]): number[] {
  const units = weights.map(percentageUnits)
  if (units.reduce((a, b) => a + b, 0n) <= 0n) return weights.map(() => 0)
  return allocateByWeight(percentageUnits(100), units).map(percentageNumber)
}

function withShares(phases: BudgetPhase[], shares: Map<string, number>, totalCost: number): BudgetPhase[] {
  return phases.map((p) => {
    const share = shares.get(p.id)
    return share === undefined ? p : { ...p, percentage: share, amount: amountFor(share, totalCost) }
  })
}

/** Gives every enabled phase an equal share of 100 (disabled phases are left as they are). */
export function distributeEvenly(phases: BudgetPhase[], totalCost: number): BudgetPhase[] {
  const enabled = phases.filter((p) => p.isEnabled)
  const shares = apportion(enabled.map(() => 1))
  return withShares(phases, new Map(enabled.map((p, i) => [p.id, shares[i]])), totalCost)
}

/**
 * Fix to 100: scales the enabled phases proportionally so they total exactly 100.
 * With nothing allocated yet there is no proportion to keep, so it falls back to equal shares.
 */
export function fixTo100(phases: BudgetPhase[], totalCost: number): BudgetPhase[] {
  const enabled = phases.filter((p) => p.isEnabled)
  if (enabled.reduce((a, p) => a + Math.max(p.percentage, 0), 0) <= 0) return distributeEvenly(phases, totalCost)
  const shares = apportion(enabled.map((p) => Math.max(p.percentage, 0)))
  return withShares(phases, new Map(enabled.map((p, i) => [p.id, shares[i]])), totalCost)
}

/** Edits keep percentage and amount in step with each other. */
export function setPercentage(phases: BudgetPhase[], id: string, percentage: number, totalCost: number): BudgetPhase[] {
  return phases.map((p) => (p.id === id ? { ...p, percentage, amount: amountFor(percentage, totalCost) } : p))
}
export function setAmount(phases: BudgetPhase[], id: string, amount: number, totalCost: number): BudgetPhase[] {
  return phases.map((p) => (p.id === id ? { ...p, amount, percentage: percentageFor(amount, totalCost) } : p))
}
export function setEnabled(phases: BudgetPhase[], id: string, isEnabled: boolean): BudgetPhase[] {
  return phases.map((p) => (p.id === id ? { ...p, isEnabled } : p))
}

/** The PATCH …/phases/budget body. */
export function toBudgetPatch(phases: BudgetPhase[]) {
  return {
    phases: phases.map((p) => ({
      id: p.id,
      percentage: percentageText(percentageUnits(p.percentage)),
      amount: centsText(cents(p.amount)),
      isEnabled: p.isEnabled,
    })),
  }
}
