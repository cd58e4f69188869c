import type { Phase } from '@plumbline/contracts'
import { centsOf, centsToDollars, splitByPercentages } from '@plumbline/contracts/money'
import { describe, expect, it } from 'vitest'
import {
  amountFor,
  type BudgetPhase,
  budgetStatus,
  distributeEvenly,
  fixTo100,
  setAmount,
  setEnabled,
  setPercentage,
  toBudgetPatch,
  toBudgetPhases,
} from './budget-math'

const phase = (id: string, percentage: number, isEnabled = true): BudgetPhase => ({ id, name: id, percentage, amount: percentage * 1000, isEnabled })
const total = (ps: BudgetPhase[]) => Math.round(ps.filter((p) => p.isEnabled).reduce((a, p) => a + p.percentage, 0) * 100) / 100

describe('budgetStatus', () => {
  it('is balanced within 0.1 of 100', () => {
    expect(budgetStatus([phase('a', 50), phase('b', 49.9)])).toMatchObject({ balanced: true, over: false, under: false, allocated: 99.9 })
    expect(budgetStatus([phase('a', 50), phase('b', 50.1)]).balanced).toBe(true)
  })

  it('warns about over-allocation above and unallocated budget below', () => {
    expect(budgetStatus([phase('a', 60), phase('b', 50)])).toMatchObject({ over: true, under: false, difference: 10 })
    expect(budgetStatus([phase('a', 30), phase('b', 50)])).toMatchObject({ over: false, under: true, difference: -20 })
    expect(budgetStatus([phase('a', 50), phase('b', 49.8)]).under).toBe(true)
  })

  it('counts only enabled phases', () => {
    expect(budgetStatus([phase('a', 60), phase('b', 40), phase('c', 30, false)])).toMatchObject({ balanced: true, allocated: 100 })
  })
})

describe('fixTo100', () => {
  it('scales the enabled phases proportionally and leaves disabled ones alone', () => {
    const fixed = fixTo100([phase('a', 30), phase('b', 10), phase('c', 25, false), phase('d', 40)], 200_000)
    expect(fixed.map((p) => p.percentage)).toEqual([37.5, 12.5, 25, 50])
    expect(fixed.map((p) => p.amount)).toEqual([75_000, 25_000, 25_000, 100_000])
    expect(budgetStatus(fixed).balanced).toBe(true)
  })

  it('lands on exactly 100.00 even when thirds do not divide evenly', () => {
    const fixed = fixTo100([phase('a', 10), phase('b', 10), phase('c', 10)], 100_000)
    expect(total(fixed)).toBe(100)
    expect(fixed.map((p) => p.percentage).sort()).toEqual([33.33, 33.33, 33.34])
  })

  it('shrinks an over-allocated budget', () => {
    const fixed = fixTo100([phase('a', 80), phase('b', 40)], 120_000)
    expect(fixed.map((p) => p.percentage)).toEqual([66.67, 33.33])
    expect(fixed.map((p) => p.amount)).toEqual([80_004, 39_996])
  })

  it('falls back to equal shares when nothing is allocated', () => {
    expect(fixTo100([phase('a', 0), phase('b', 0)], 1000).map((p) => p.percentage)).toEqual([50, 50])
  })
})

describe('distributeEvenly', () => {
  it('gives every enabled phase an equal share', () => {
    const even = distributeEvenly([phase('a', 70), phase('b', 5), phase('c', 5), phase('x', 12, false)], 90_000)
    expect(even.map((p) => p.percentage)).toEqual([33.34, 33.33, 33.33, 12])
    expect(total(even)).toBe(100)
    expect(even[1]!.amount).toBe(29_997)
  })
})

describe('edits', () => {
  it('keep percentage and amount in step', () => {
    const ps = [phase('a', 50), phase('b', 50)]
    expect(setPercentage(ps, 'a', 25, 80_000)[0]).toMatchObject({ percentage: 25, amount: 20_000 })
    expect(setAmount(ps, 'b', 30_000, 80_000)[1]).toMatchObject({ amount: 30_000, percentage: 37.5 })
    expect(setEnabled(ps, 'a', false)[0]!.isEnabled).toBe(false)
  })

  it('reads phases in sort order and writes 2-decimal strings', () => {
    const wire = (id: string, sortOrder: number, percentage: string): Phase => ({
      id,
      name: id,
      description: null,
      sortOrder,
      estimatedCost: '0',
      adjustedCost: null,
      percentage,
      amount: '100.5',
      isEnabled: true,
      status: 'pending',
      startDate: null,
      endDate: null,
      completionPercentage: 0,
    })
    const ps = toBudgetPhases([wire('b', 2, '60'), wire('a', 1, '40.25')])
    expect(ps.map((p) => p.id)).toEqual(['a', 'b'])
    expect(toBudgetPatch(ps)).toEqual({
      phases: [
        { id: 'a', percentage: '40.25', amount: '100.50', isEnabled: true },
        { id: 'b', percentage: '60.00', amount: '100.50', isEnabled: true },
      ],
    })
  })
})

describe('agreement with the server', () => {
  it('a phase amount on screen is what the server stores when the total is split by percentages', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 48271) % 2147483647
      return seed / 2147483647
    }
    for (let run = 0; run < 500; run++) {
      const total = Math.floor(random() * 100_000_000) / 100
      const percentages = [Math.floor(random() * 5000) / 100, Math.floor(random() * 5000) / 100]
      const stored = splitByPercentages(centsOf(total), percentages).map(centsToDollars)
      expect(percentages.map((p) => amountFor(p, total))).toEqual(stored)
    }
  })
})
