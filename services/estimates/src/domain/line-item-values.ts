import { lineTotal, type ZLineItemInput } from '@plumbline/contracts'
import type { z } from 'zod'

export type LineItemInput = z.output<typeof ZLineItemInput>

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim())

/** Column values of a line item from its input; the total is always computed here, never taken from the client. */
export function lineItemColumns(input: LineItemInput) {
  return {
    name: input.name,
    description: blankToNull(input.description),
    category: blankToNull(input.category),
    quantity: input.quantity,
    unit: input.unit,
    unitCost: input.unitCost,
    totalCost: lineTotal(input.quantity, input.unitCost),
    isLabor: input.isLabor,
    isMaterial: input.isMaterial,
    isEquipment: input.isEquipment,
    isSubcontractor: input.isSubcontractor,
    applyMarkup: input.applyMarkup,
    applyTax: input.applyTax,
    vendor: blankToNull(input.vendor),
    partNumber: blankToNull(input.partNumber),
    notes: blankToNull(input.notes),
  }
}
