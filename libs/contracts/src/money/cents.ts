// Money arithmetic, once for the services, the web pages and the PDF (DESIGN §5: decimals in the
// database, strings or integer cents on the wire, never floats for sums). An amount is a whole
// number of cents in a bigint; a percentage or a rate is an exact decimal. Nothing goes through a
// binary float, so 0.1 + 0.2 is 0.30 and 1.005 is 1.01.
//
// The rounding rule, everywhere: half away from zero (1.005 → 1.01, -1.005 → -1.01, 2.125 × 19.99
// = 42.47875 → 42.48), applied to each figure that is shown or stored; later sums add the rounded
// figures, so the parts printed beside a total always add up to it. The spec asks for 2-decimal
// money and gives whole-dollar examples only; half away from zero is what PostgreSQL's numeric
// rounding does when a value is stored, so what is shown is what is saved.

/** An amount in whole cents. */
export type Cents = bigint

/** Decimals of a money amount, a quantity, a percentage and a tax rate (the database columns' scales). */
export const MONEY_SCALE = 2
export const QUANTITY_SCALE = 3
export const PERCENTAGE_SCALE = 2
export const RATE_SCALE = 4

/** Digits read on either side of the point at most: a million digits cannot cost anything. */
export const MAX_DIGITS = 40

/** An exact decimal: units / 10^scale. */
export type Exact = { units: bigint; scale: number }

/** What the money functions read: decimal strings, numbers, and decimal objects (Prisma's Decimal). */
export type DecimalInput = string | number | { toString(): string }

const PLAIN = /^(-?)(\d+)(?:\.(\d*))?$/
const EXPONENT = /^([-+]?)(\d*)(?:\.(\d*))?e([-+]?\d{1,3})$/i

const pow10 = (n: number): bigint => 10n ** BigInt(n)

/** A plain decimal string ("-12.5", "0.0825", "3.") exactly; null for anything else ("1e3", "12,50", "NaN"). */
export function parseDecimal(text: string): Exact | null {
  const m = PLAIN.exec(text.trim())
  if (!m) return null
  const [, sign, whole, frac = ''] = m
  if (whole.length > MAX_DIGITS || frac.length > MAX_DIGITS) return null
  const units = BigInt(whole + frac)
  return { units: sign === '-' ? -units : units, scale: frac.length }
}

/** "1.5e-7" → "0.00000015": numbers and decimal objects print large and tiny values that way. */
function withoutExponent(text: string): string | null {
  const m = EXPONENT.exec(text)
  if (!m) return text
  const [, sign, whole = '', frac = '', exp] = m
  if (!whole && !frac) return null
  const digits = whole + frac
  const point = whole.length + Number(exp)
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
}

/**
 * Any amount as written by a person, a number or a decimal object, exactly: "$1,234.50",
 * " 12 ", 0.1 (read as its shortest decimal, "0.1"), 1e21, a Prisma Decimal. Null when it is not a
 * finite number.
 */
export function readDecimal(value: DecimalInput | null | undefined): Exact | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  const text = typeof value === 'string' ? value.replace(/[$,\s]/g, '') : String(value)
  const plain = withoutExponent(text)
  return plain === null ? null : parseDecimal(plain)
}

/** A decimal the caller vouches for (a stored or validated value); anything else is a programming error. */
export function exactDecimal(value: DecimalInput): Exact {
  const e = typeof value === 'string' ? parseDecimal(value) : readDecimal(value)
  if (!e) throw new Error(`money: not a decimal: ${JSON.stringify(String(value))}`)
  return e
}

/** n / d rounded half away from zero (d > 0). */
export function roundHalfAway(n: bigint, d: bigint): bigint {
  const magnitude = ((n < 0n ? -n : n) * 2n + d) / (2n * d)
  return n < 0n ? -magnitude : magnitude
}

/** An exact decimal in units of 10^-scale, rounded half away from zero. */
export function unitsAt(e: Exact, scale: number): bigint {
  return e.scale <= scale ? e.units * pow10(scale - e.scale) : roundHalfAway(e.units, pow10(e.scale - scale))
}

/** A plain decimal string in units of 10^-scale, rounded half away from zero; null when not one. */
export function toScaledUnits(text: string, scale: number): bigint | null {
  const e = parseDecimal(text)
  return e && unitsAt(e, scale)
}

/** Units of 10^-scale back to a decimal string with exactly `scale` decimals: (12345n, 2) → "123.45". */
export function fromScaledUnits(units: bigint, scale: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits
  return negative ? `-${text}` : text
}

/** A stored decimal printed with exactly `scale` decimals, rounded half away: ("0.0825", 4), ("12.5", 3) → "12.500". */
export const fixedText = (value: DecimalInput, scale: number): string => fromScaledUnits(unitsAt(exactDecimal(value), scale), scale)
/** A stored amount as money text: "1234.50". */
export const moneyText = (value: DecimalInput): string => fixedText(value, MONEY_SCALE)
/** A stored quantity as quantity text: "12.500". */
export const quantityText = (value: DecimalInput): string => fixedText(value, QUANTITY_SCALE)

/** Whole cents of an amount as written ("$1,234.50", 12.3, a Prisma Decimal); null when it is not a number. */
export function parseCents(value: DecimalInput | null | undefined): Cents | null {
  const e = readDecimal(value)
  return e && unitsAt(e, MONEY_SCALE)
}

/** Whole cents of an amount the caller vouches for (stored, validated); throws on anything else. */
export const centsOf = (value: DecimalInput): Cents => unitsAt(exactDecimal(value), MONEY_SCALE)

/** Cents as money text: 123450n → "1234.50". */
export const centsText = (cents: Cents): string => fromScaledUnits(cents, MONEY_SCALE)

/** Cents as dollars in a number, for screens that edit amounts in number inputs. */
export const centsToDollars = (cents: Cents): number => Number(cents) / 100

/** US dollars: "$1,234.50" and "-$12.00", or whole dollars ("$1,235", rounded half away) with `{ whole: true }`. */
export function formatCents(cents: Cents, opts: { whole?: boolean } = {}): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  const dollars = opts.whole ? roundHalfAway(abs, 100n) : abs / 100n
  const grouped = dollars.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const text = opts.whole ? grouped : `${grouped}.${(abs % 100n).toString().padStart(2, '0')}`
  return `${negative && (opts.whole ? dollars : abs) > 0n ? '-' : ''}$${text}`
}

/** `percentage` percent of an amount ("20.00" = 20 %), rounded to cents. */
export function percentOf(amount: Cents, percentage: DecimalInput): Cents {
  const p = exactDecimal(percentage)
  return roundHalfAway(amount * p.units, 100n * pow10(p.scale))
}

/** A rate (a fraction, "0.0825" = 8.25 %) of an amount, rounded to cents. */
export function rateOf(amount: Cents, rate: DecimalInput): Cents {
  const r = exactDecimal(rate)
  return roundHalfAway(amount * r.units, pow10(r.scale))
}

/** A percentage in hundredths of a percent, its column's scale (37.5 → 3750n); 0 when it is not a number. */
export function percentageUnits(value: DecimalInput | null | undefined): bigint {
  const e = readDecimal(value)
  return e ? unitsAt(e, PERCENTAGE_SCALE) : 0n
}

/** Hundredths of a percent as percentage text: 3750n → "37.50". */
export const percentageText = (units: bigint): string => fromScaledUnits(units, PERCENTAGE_SCALE)

/** `part` as a percentage of `whole`, in hundredths of a percent rounded half away (37.5 % → 3750n); 0 without a positive whole. */
export function percentageOfTotal(part: Cents, whole: Cents): bigint {
  return whole > 0n ? roundHalfAway(part * 10_000n, whole) : 0n
}

/**
 * Splits `amount` (whole units) over `weights` pro rata, by largest remainder: every part is the
 * exact share rounded down or up, and the parts add up to `amount`. Ties go to the earlier weight.
 */
export function allocateByWeight(amount: bigint, weights: bigint[]): bigint[] {
  let total = weights.reduce((s, w) => s + w, 0n)
  if (total === 0n) return weights.map(() => 0n)
  let ws = weights
  if (total < 0n) {
    ws = weights.map((w) => -w)
    total = -total
  }
  const floorDiv = (n: bigint) => (n >= 0n ? n / total : -((-n + total - 1n) / total))
  const parts = ws.map((w) => floorDiv(amount * w))
  const remainders = ws.map((w, i) => amount * w - parts[i] * total)
  let left = amount - parts.reduce((s, p) => s + p, 0n)
  const order = ws.map((_, i) => i).sort((a, b) => (remainders[b] > remainders[a] ? 1 : remainders[b] < remainders[a] ? -1 : a - b))
  for (const i of order) {
    if (left <= 0n) break
    parts[i] += 1n
    left -= 1n
  }
  return parts
}

/**
 * A line item's total (spec 001 §5): quantity × unit cost, each first rounded to its column's
 * scale as the server stores it (3 and 2 decimals), the product rounded to cents. Null when either
 * is not a number.
 */
export function lineTotalCents(quantity: DecimalInput | null | undefined, unitCost: DecimalInput | null | undefined): Cents | null {
  const q = readDecimal(quantity)
  const c = readDecimal(unitCost)
  if (!q || !c) return null
  return roundHalfAway(unitsAt(q, QUANTITY_SCALE) * unitsAt(c, MONEY_SCALE), pow10(QUANTITY_SCALE))
}

/** The line total as money text; "0.00" while either side is not a number (a half-typed form). */
export const lineTotal = (quantity: DecimalInput | null | undefined, unitCost: DecimalInput | null | undefined): string =>
  centsText(lineTotalCents(quantity, unitCost) ?? 0n)

/** The sum of amounts, each read to cents; what is not a number counts as nothing. */
export const sumCents = (values: Array<DecimalInput | null | undefined>): Cents => values.reduce<Cents>((acc, v) => acc + (parseCents(v) ?? 0n), 0n)

/**
 * A total split by percentages (a budget by phase), each share rounded to cents; when the
 * percentages total exactly 100 the rounding remainder goes to the last share, so the shares add
 * up to the total.
 */
export function splitByPercentages(total: Cents, percentages: DecimalInput[]): Cents[] {
  const amounts = percentages.map((p) => percentOf(total, p))
  const exact = percentages.map(exactDecimal)
  const scale = Math.max(0, ...exact.map((e) => e.scale))
  const sum = exact.reduce((acc, e) => acc + e.units * pow10(scale - e.scale), 0n)
  if (amounts.length && sum === 100n * pow10(scale)) {
    amounts[amounts.length - 1] += total - amounts.reduce((a, v) => a + v, 0n)
  }
  return amounts
}
