import { centsOf, centsText, costByType, estimateTotals, lineTotal, type MarkupRates, sumCents, type TaxRule, ZLineItemInput } from '@plumbline/contracts'
import { seededRandom } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'
import { toLineItemDto } from '../../src/data/mappers.js'
import { lineItemColumns } from '../../src/domain/line-item-values.js'
import { toMarkupProfile, toMarkupRates, toPricedItem, toTaxRule } from '../../src/domain/pricing-records.js'
import { Prisma } from '../../src/generated/prisma/client.js'

// Property: what the estimate screen works out from what the server sends (the line-item
// dialog's live total, the Cost by Type card's split, the editor's grand total)
// agrees with what the server stores and answers (line totals, GET …/totals), for random
// estimates. Both sides call the money module; this pins the paths in between (zod
// normalisation, Prisma decimals, the DTO mappers) so a local helper cannot creep back.

const random = seededRandom(20261129)
const int = (max: number) => Math.floor(random() * (max + 1))
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length - 1)]
/** A decimal as a person might type it, with up to `decimals` digits after the point. */
const typed = (whole: number, decimals: number) => {
  const d = int(decimals)
  return d === 0 ? String(int(whole)) : `${int(whole)}.${String(int(10 ** d - 1)).padStart(d, '0')}`
}
const percentage = () => (random() < 0.3 ? '0' : typed(40, 2))
const dec = (value: string | null) => (value === null ? null : new Prisma.Decimal(value))

const TYPES = [
  { isLabor: true },
  { isMaterial: true },
  { isEquipment: true },
  { isSubcontractor: true },
  { isMaterial: false },
  { isLabor: true, isMaterial: true },
] as const

function randomDraft(i: number) {
  return {
    name: `Item ${i}`,
    quantity: typed(pick([1, 10, 500, 99_999]), 4),
    unitCost: typed(pick([1, 100, 9_999, 250_000]), 3),
    ...pick(TYPES),
    applyMarkup: random() < 0.7,
    applyTax: random() < 0.7,
  }
}

/** A line item as the database hands it back: Prisma Decimals. */
function storedRow(i: number, columns: ReturnType<typeof lineItemColumns>) {
  return {
    ...columns,
    id: `li-${i}`,
    sectionId: 'section',
    estimateId: 'estimate',
    organizationId: 'org',
    quantity: new Prisma.Decimal(columns.quantity),
    unitCost: new Prisma.Decimal(columns.unitCost),
    totalCost: new Prisma.Decimal(columns.totalCost),
    sortOrder: i,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  } as Parameters<typeof toLineItemDto>[0]
}

function randomMarkupRow() {
  const rates: MarkupRates = {
    overheadPercentage: percentage(),
    profitPercentage: percentage(),
    contingencyPercentage: percentage(),
    laborMarkupPercentage: percentage(),
    materialMarkupPercentage: percentage(),
    equipmentMarkupPercentage: percentage(),
    subcontractorMarkupPercentage: percentage(),
  }
  const decimals = Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, new Prisma.Decimal(v)]))
  return {
    id: 'm',
    organizationId: 'org',
    estimateId: 'estimate',
    name: 'M',
    description: null,
    isTemplate: false,
    isDefault: false,
    ...decimals,
  } as Parameters<typeof toMarkupRates>[0]
}

function randomTaxRow(i: number) {
  const money = () => (random() < 0.6 ? null : typed(200, 2))
  return {
    id: `t-${i}`,
    organizationId: 'org',
    estimateId: 'estimate',
    name: `T${i}`,
    description: null,
    taxType: 'sales',
    rate: new Prisma.Decimal(`0.${String(int(1500)).padStart(4, '0')}`),
    jurisdiction: null,
    jurisdictionCode: null,
    applyToLabor: random() < 0.5,
    applyToMaterials: random() < 0.5,
    applyToEquipment: random() < 0.5,
    applyToSubcontractors: random() < 0.5,
    minimumAmount: dec(money()),
    maximumAmount: dec(money()),
    exemptionThreshold: dec(money()),
    isTemplate: false,
    isDefault: false,
    isActive: random() < 0.8,
  }
}

describe('the estimate screen and the server agree on every figure', () => {
  it.each(Array.from({ length: 150 }, (_, run) => run))('random estimate %s', () => {
    const drafts = Array.from({ length: int(12) }, (_, i) => randomDraft(i))
    const columns = drafts.map((d) => lineItemColumns(ZLineItemInput.parse(d)))
    // The dialog's live total for what was typed is the total the server stores.
    expect(drafts.map((d) => lineTotal(d.quantity, d.unitCost))).toEqual(columns.map((c) => c.totalCost))

    const rows = columns.map((c, i) => storedRow(i, c))
    const markupRow = random() < 0.8 ? randomMarkupRow() : null
    const taxRows = Array.from({ length: int(3) }, (_, i) => randomTaxRow(i))
    const rules: TaxRule[] = taxRows.map(toTaxRule)
    // The server: GET …/totals (loadEstimateTotals without the database).
    const server = estimateTotals(rows.map(toPricedItem), markupRow ? toMarkupRates(markupRow) : null, rules)
    // The screen: the line items and the markup profile as the API sends them.
    const items = rows.map(toLineItemDto)
    const split = costByType(items, markupRow ? toMarkupProfile(markupRow) : null)

    expect(server).toMatchObject(split.totals)
    expect(centsText(sumCents(split.rows.map((r) => r.total)))).toBe(server.subtotalWithMarkup)
    expect(centsText(sumCents(items.map((i) => i.totalCost)))).toBe(server.baseTotal)
    expect(centsOf(server.grandTotal)).toBe(centsOf(server.subtotalWithMarkup) + sumCents(server.taxes.map((t) => t.amount)))
    expect(server.taxes.map((t) => t.taxProfileId)).toEqual(taxRows.filter((t) => t.isActive).map((t) => t.id))
  })
})
