/** A quantity without trailing zeros: "12.500" → "12.5", "3.000" → "3". */
export function formatQuantity(value: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value
}
