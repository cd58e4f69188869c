/** Decimal strings ("1234.5", "-12.30") as integer cents, without floating point. */
export function toCents(value: string | null | undefined): bigint {
  const m = /^\s*(-)?(\d+)(?:\.(\d*))?\s*$/.exec(value ?? '')
  if (!m) return 0n
  const frac = (m[3] ?? '').padEnd(3, '0')
  // Round half away from zero on the third decimal.
  let cents = BigInt(m[2]) * 100n + BigInt(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1n : 0n)
  if (m[1]) cents = -cents
  return cents
}

/** "$1,234.56" (and "-$12.00"). */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const frac = (abs % 100n).toString().padStart(2, '0')
  return `${negative ? '-' : ''}$${whole}.${frac}`
}

export const formatMoney = (value: string | null | undefined) => formatCents(toCents(value))

/** A quantity without trailing zeros: "12.500" → "12.5", "3.000" → "3". */
export function formatQuantity(value: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value
}
