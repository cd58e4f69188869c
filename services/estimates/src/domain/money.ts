import { Decimal as DecimalJs } from 'decimal.js'

// Exact decimal arithmetic for quantities and money (never binary floats). Values arrive as the
// decimal strings the contracts normalise to, or as Prisma Decimals (which print exactly).

const Decimal = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_UP })
export type Dec = InstanceType<typeof Decimal>
type DecLike = string | number | { toString(): string }

export const dec = (value: DecLike): Dec => new Decimal(typeof value === 'number' ? value : value.toString())

/** Rounded half-up to `scale` decimals, printed with exactly that many. */
export const fixed = (value: DecLike, scale: number): string => dec(value).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP).toFixed(scale)
export const money = (value: DecLike): string => fixed(value, 2)
export const qty = (value: DecLike): string => fixed(value, 3)

/** A line item's total: quantity × unit cost rounded half-up to cents (2.125 × 19.99 = 42.48). */
export const lineTotal = (quantity: DecLike, unitCost: DecLike): string => money(dec(quantity).times(dec(unitCost)))

export const sumMoney = (values: DecLike[]): string => money(values.reduce<Dec>((acc, v) => acc.plus(dec(v)), new Decimal(0)))

/**
 * Splits `total` by percentages (each rounded to cents); the rounding remainder goes to the last
 * share so the amounts add up to the total exactly when the percentages total 100.
 */
export function splitByPercentages(total: DecLike, percentages: DecLike[]): string[] {
  const t = dec(total)
  const amounts = percentages.map((p) => t.times(dec(p)).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP))
  const pctSum = percentages.reduce<Dec>((acc, p) => acc.plus(dec(p)), new Decimal(0))
  if (amounts.length && pctSum.equals(100)) {
    const diff = t.toDecimalPlaces(2).minus(amounts.reduce<Dec>((a, v) => a.plus(v), new Decimal(0)))
    amounts[amounts.length - 1] = amounts[amounts.length - 1].plus(diff)
  }
  return amounts.map((a) => a.toFixed(2))
}
