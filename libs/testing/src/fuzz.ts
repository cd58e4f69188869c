/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so a fuzz failure reproduces from its seed. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Numbers at and past the product's numeric columns (security probe 2026-11-24, finding 6): each
 * must answer 2xx or 4xx, never 5xx. Rounding past numeric(14,2), the quantity and unit-cost
 * maxima, negatives (finding 7), and sizes no column holds.
 */
export const NUMERIC_EDGE_VALUES: unknown[] = [
  '999999999999.999',
  '999999999999.99',
  '1000000000000',
  999999999999,
  9999999999,
  '9999999999.995',
  '999999999.9995',
  '-1',
  '-999999999999',
  -5,
  '-0.001',
  1e15,
  '1e15',
  '100.005',
  '1.00001',
]

/**
 * Text no field may store or show as given (security probe 2026-11-29, findings 4 and 7): lone
 * surrogates (high, low, reversed, inside words), NUL, and invisible formatting characters that
 * spoof names (right-to-left override, isolates, marks, zero-width space, byte order mark).
 * Every request with one must answer 2xx or 4xx, never 5xx; names refuse the formatting ones.
 */
export const ILL_FORMED_TEXT: string[] = ['\ud800', '\udfff', 'Roof \ud83d', '\udc00 repair', '\ude00\ud83d', 'a\u0000b']
export const FORMAT_CONTROL_TEXT: string[] = ['\u202eevil\u202c Name', '\u2067Name\u2069', 'Na\u200bme', '\ufeffName', 'Name\u200f', '\u061cName']
export const TEXT_EDGE_VALUES: string[] = [...ILL_FORMED_TEXT, ...FORMAT_CONTROL_TEXT]

/**
 * Variants of `body` with one leaf at a time (at any depth) that `matches` replaced by each of
 * `values(n)`, n counting the matching leaves.
 */
function leafVariants(body: unknown, matches: (v: unknown) => boolean, values: (leaf: number) => readonly unknown[]): unknown[] {
  const out: unknown[] = []
  let leaf = 0
  const visit = (node: unknown, replace: (v: unknown) => unknown): void => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) visit(child, (v) => replace(node.map((c, j) => (j === i ? v : c))))
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) visit(child, (v) => replace({ ...node, [key]: v }))
    } else if (matches(node)) for (const edge of values(leaf++)) out.push(replace(edge))
  }
  visit(body, (v) => v)
  return out
}

/**
 * Variants of a valid body with one numeric field (a number, or a string that is a plain decimal)
 * at a time, at any depth, replaced by each NUMERIC_EDGE_VALUES entry: the rest of the body stays
 * valid, so the value reaches the schema and the database instead of failing on something else.
 */
export function numericEdgeBodies(body: unknown): unknown[] {
  return leafVariants(
    body,
    (v) => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)),
    () => NUMERIC_EDGE_VALUES,
  )
}

/**
 * Variants of a valid body with one string field at a time, at any depth, replaced by ill-formed
 * text and by a formatting character (one of each per field, taking the lists in turn across
 * fields, so a body of six strings or more meets every value while the count stays two a field).
 */
export function textEdgeBodies(body: unknown): unknown[] {
  const pick = (list: string[], n: number) => list[n % list.length] as string
  return leafVariants(
    body,
    (v) => typeof v === 'string',
    (n) => [pick(ILL_FORMED_TEXT, n), pick(FORMAT_CONTROL_TEXT, n)],
  )
}
