import { z } from 'zod'
import { fromScaledUnits, MONEY_SCALE, PERCENTAGE_SCALE, QUANTITY_SCALE, RATE_SCALE, toScaledUnits } from './money/cents.js'

// Decimal inputs bounded by the PostgreSQL column they are stored in (security probe 2026-11-24,
// finding 6: a value that rounds past numeric(p,s) made PostgreSQL raise 22003, answered 500).
// A value is parsed exactly (never through a binary float), rounded to the column's scale by the
// money rule (half away from zero, money/cents.ts), and only then checked against the column's range, so "999999999999.999" for a
// numeric(14,2) is refused (it rounds to 1000000000000.00) and "999999999999.994" is accepted.
//
// Signs (finding 7): what may be negative is decided per field, here, once:
// - money (estimate total cost, phase amounts, tax minimum/maximum/exemption): at least 0;
// - unit cost: at least 0. The product has no discount line type; a negative line would make
//   section totals, markups (a percentage of a negative base) and taxes meaningless. A discount
//   needs its own modelled line type with limits, not a negative price;
// - quantity: at least 0 (spec 001 §5 steps of 0.001 from 0);
// - percentages (markups, phases, variance): 0 to 100 (spec 001 §5);
// - tax rate: 0 to 1 (spec 001 §5, "Rate must be between 0 and 1").

/** A PostgreSQL `numeric(precision, scale)` column. */
export type NumericColumn = { precision: number; scale: number }

/** The numeric column types of the product's tables (see each service's schema.prisma). */
export const NUMERIC_COLUMNS = {
  /** Totals and amounts: estimates.total_cost, sections.total, line_items.total_cost, phases.amount, tax bounds. */
  money: { precision: 14, scale: MONEY_SCALE },
  /** line_items.unit_cost and template item cost. */
  unitCost: { precision: 12, scale: MONEY_SCALE },
  /** line_items.quantity and template item quantity. */
  quantity: { precision: 12, scale: QUANTITY_SCALE },
  /** Markup, phase and variance percentages. */
  percentage: { precision: 5, scale: PERCENTAGE_SCALE },
  /** tax_profiles.rate. */
  rate: { precision: 6, scale: RATE_SCALE },
} as const satisfies Record<string, NumericColumn>

/** The largest value a column holds, in units of 10^-scale (999999999999.99 → 99999999999999n). */
export const columnMaxUnits = (column: NumericColumn): bigint => 10n ** BigInt(column.precision) - 1n

/** The largest value a column holds, for messages: 999,999,999,999.99. */
export function columnMaxText(column: NumericColumn): string {
  const [whole, frac] = fromScaledUnits(columnMaxUnits(column), column.scale).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return frac ? `${grouped}.${frac}` : grouped
}

/** Whether a decimal string (or Prisma Decimal) fits the column after rounding to its scale. */
export function fitsColumn(value: { toString(): string }, column: NumericColumn): boolean {
  const units = toScaledUnits(value.toString(), column.scale)
  return units !== null && (units < 0n ? -units : units) <= columnMaxUnits(column)
}

/** Normalises what a client typed: numbers, and strings with `$`, `,` or spaces ("$1,234.50"). */
function decimalText(v: number | string): string | null {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null
    // Plain notation for what a JSON number can carry: 1e-7 → "0.0000001", 1e21 → "1000000000000000000000".
    return Math.abs(v) >= 1e21 ? BigInt(v).toString() : v.toFixed(20).replace(/\.?0+$/, '')
  }
  return v.trim().replace(/[$,\s]/g, '')
}

export type DecimalFieldOptions = {
  /** The message for anything that is not a decimal number. */
  message?: string
  /** The smallest value allowed, as a decimal string ("0"); none lets the column's negative range through. */
  min?: string
  /** The largest value allowed; the column's maximum when omitted (a tighter bound, e.g. "100"). */
  max?: string
  /** The message when outside [min, max] (both sides); see minMessage and maxMessage. */
  rangeMessage?: string
  /** The message below min; "<label> must be at least <min>" when omitted. */
  minMessage?: string
  /** The message above max; "<label> must be at most <max>" when omitted. */
  maxMessage?: string
  /** How messages name the field ("Quantity"); "Value" when omitted. */
  label?: string
}

/** Digits after the point that toScaledUnits reads at most: at this scale nothing is rounded. */
const EXACT_SCALE = 40

/**
 * A decimal request field stored in `column`: a number or string, normalised to a string with
 * exactly the column's scale, refused (400 naming the field) when it is not a number, outside
 * [min, max] as written (before rounding: 100.001 is past 100), or too large for the column
 * after rounding.
 */
export function decimalField(column: NumericColumn, opts: DecimalFieldOptions = {}) {
  const message = opts.message ?? 'Must be a number'
  const label = opts.label ?? 'Value'
  const { scale } = column
  const columnMax = columnMaxUnits(column)
  const min = opts.min === undefined ? -columnMax : toScaledUnits(opts.min, scale)
  const max = opts.max === undefined ? columnMax : toScaledUnits(opts.max, scale)
  if (min === null || max === null || max > columnMax) throw new Error(`invalid bounds for numeric(${column.precision},${scale})`)
  const maxText = opts.max ?? columnMaxText(column)
  const exactMin = opts.min === undefined ? null : toScaledUnits(opts.min, EXACT_SCALE)
  const exactMax = opts.max === undefined ? null : toScaledUnits(opts.max, EXACT_SCALE)
  return z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const text = decimalText(v)
    const units = text === null ? null : toScaledUnits(text, scale)
    if (text === null || units === null) {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    const exact = toScaledUnits(text, EXACT_SCALE)
    if (units < min || (exact !== null && exactMin !== null && exact < exactMin)) {
      ctx.addIssue({ code: 'custom', message: opts.minMessage ?? opts.rangeMessage ?? `${label} must be at least ${opts.min ?? fromScaledUnits(min, scale)}` })
      return z.NEVER
    }
    if (units > max || (exact !== null && exactMax !== null && exact > exactMax)) {
      ctx.addIssue({ code: 'custom', message: opts.maxMessage ?? opts.rangeMessage ?? `${label} must be at most ${maxText}` })
      return z.NEVER
    }
    return fromScaledUnits(units === 0n ? 0n : units, scale)
  })
}
