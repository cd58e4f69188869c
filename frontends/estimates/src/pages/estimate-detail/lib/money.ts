import { toCents } from '@plumbline/contracts/format'

// Money on the wire is a decimal string ("1234.50"). Client-side sums go through whole cents so
// that adding many rows never drifts the way float dollars do; display rules live in
// @plumbline/contracts/format.

/** Sum of decimal strings, returned in dollars (exact to the cent). */
export function sumMoney(values: Array<string | number | null | undefined>): number {
  return values.reduce<number>((acc, v) => acc + (toCents(v) ?? 0), 0) / 100
}
