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
 * Variants of a valid body with one numeric field (a number, or a string that is a plain decimal)
 * at a time, at any depth, replaced by each NUMERIC_EDGE_VALUES entry: the rest of the body stays
 * valid, so the value reaches the schema and the database instead of failing on something else.
 */
export function numericEdgeBodies(body: unknown): unknown[] {
  const out: unknown[] = []
  const isNumeric = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))
  const visit = (node: unknown, replace: (v: unknown) => unknown): void => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) visit(child, (v) => replace(node.map((c, j) => (j === i ? v : c))))
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) visit(child, (v) => replace({ ...node, [key]: v }))
    } else if (isNumeric(node)) for (const edge of NUMERIC_EDGE_VALUES) out.push(replace(edge))
  }
  visit(body, (v) => v)
  return out
}
