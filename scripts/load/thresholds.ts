// k6's threshold expressions evaluated over the Node runner's figures, so both players pass or
// fail on the same lines (k6/lib/profiles.js THRESHOLDS).
import type { Recorder } from './node-client.js'

export type Verdict = { metric: string; condition: string; value: number; ok: boolean }

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** The value a condition's left side names, over the samples the metric selects. */
function metricValue(recorder: Recorder, metric: string, aggregate: string): number {
  const m = /^(\w+)(?:\{name:(.+)\})?$/.exec(metric)
  if (!m) throw new Error(`unreadable metric ${metric}`)
  const [, base, name] = m
  if (base === 'checks') return recorder.checks.filter((c) => c.ok).length / Math.max(1, recorder.checks.length)
  const samples = recorder.requests.filter((r) => name === undefined || r.name === name)
  if (base === 'http_req_failed') return samples.filter((r) => r.failed).length / Math.max(1, samples.length)
  if (base !== 'http_req_duration') throw new Error(`unknown metric ${base}`)
  const sorted = samples.map((r) => r.ms).sort((a, b) => a - b)
  const p = /^p\((\d+(?:\.\d+)?)\)$/.exec(aggregate)
  if (p) return percentile(sorted, Number(p[1]))
  if (aggregate === 'avg') return sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length)
  if (aggregate === 'max') return sorted.at(-1) ?? Number.NaN
  throw new Error(`unknown aggregate ${aggregate}`)
}

export function evaluate(recorder: Recorder, thresholds: Record<string, string[]>): Verdict[] {
  const verdicts: Verdict[] = []
  for (const [metric, conditions] of Object.entries(thresholds)) {
    for (const condition of conditions) {
      const m = /^(p\(\d+(?:\.\d+)?\)|rate|avg|max)\s*(<=|<|>=|>)\s*(\d+(?:\.\d+)?)$/.exec(condition)
      if (!m) throw new Error(`unreadable threshold ${condition}`)
      const [, aggregate, op, limitText] = m
      const value = metricValue(recorder, metric, aggregate)
      const limit = Number(limitText)
      // No samples of a named request (a scenario the mix never drew): nothing to judge.
      const ok = Number.isNaN(value) || compare(value, op, limit)
      verdicts.push({ metric, condition, value, ok })
    }
  }
  return verdicts
}

function compare(value: number, op: string, limit: number): boolean {
  if (op === '<') return value < limit
  if (op === '<=') return value <= limit
  if (op === '>') return value > limit
  return value >= limit
}
