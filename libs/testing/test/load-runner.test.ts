// The Node load runner judges and ramps as k6 does: the same threshold lines pass and fail on
// the same figures, virtual users follow the stages, and the scenario mix draws by weight.
import { describe, expect, it } from 'vitest'
import { PROFILES, seconds, THRESHOLDS } from '../../../k6/lib/profiles.js'
import { MIX, pickScenario } from '../../../k6/lib/scenarios.js'
import { targetAt } from '../../../scripts/bench/load.js'
import type { Recorder } from '../../../scripts/load/node-client.js'
import { evaluate, percentile } from '../../../scripts/load/thresholds.js'

const recorder = (durations: number[], failed = 0, checks: boolean[] = [true]): Recorder => ({
  requests: durations.map((ms, i) => ({ name: 'list estimates', ms, failed: i < failed })),
  checks: checks.map((ok) => ({ name: 'c', ok })),
})

describe('thresholds', () => {
  it('pass when p95 and p99 are under the line and fail when the tail is not', () => {
    const fast = evaluate(recorder(Array.from({ length: 100 }, (_, i) => 10 + i)), { 'http_req_duration{name:list estimates}': ['p(95)<300', 'p(99)<800'] })
    expect(fast.every((v) => v.ok)).toBe(true)
    const slowTail = evaluate(recorder([...Array.from({ length: 94 }, () => 10), ...Array.from({ length: 6 }, () => 900)]), {
      'http_req_duration{name:list estimates}': ['p(95)<300'],
    })
    expect(slowTail[0]).toMatchObject({ ok: false, value: 900 })
  })

  it('judge the failed-request rate and the checks rate', () => {
    const verdicts = evaluate(recorder(Array(200).fill(5), 3, [true, true, false]), { http_req_failed: ['rate<0.01'], checks: ['rate>0.99'] })
    expect(verdicts.map((v) => v.ok)).toEqual([false, false])
    expect(verdicts[0].value).toBeCloseTo(0.015)
  })

  it('read every line of the shared THRESHOLDS', () => {
    expect(() => evaluate(recorder([1, 2, 3]), THRESHOLDS)).not.toThrow()
  })

  it('percentile is nearest-rank', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2)
    expect(percentile([1, 2, 3, 4], 100)).toBe(4)
  })
})

describe('ramping', () => {
  const stages = [
    { duration: '10s', target: 10 },
    { duration: '10s', target: 10 },
    { duration: '10s', target: 0 },
  ]
  it('follows the stages linearly, from one user', () => {
    expect(targetAt(stages, 0)).toBe(1)
    expect(targetAt(stages, 5)).toBe(6)
    expect(targetAt(stages, 15)).toBe(10)
    expect(targetAt(stages, 25)).toBe(5)
    expect(targetAt(stages, 31)).toBe(0)
  })
  it('every profile has readable stages', () => {
    for (const profile of Object.values(PROFILES)) expect(profile.stages.reduce((s, st) => s + seconds(st.duration), 0)).toBeGreaterThan(0)
  })
})

describe('the scenario mix', () => {
  it('draws each scenario about as often as its weight says', () => {
    const counts = new Map<string, number>()
    for (let i = 0; i < 10_000; i++) {
      const name = pickScenario(i / 10_000).name
      counts.set(name, (counts.get(name) ?? 0) + 1)
    }
    const total = MIX.reduce((s, m) => s + m.weight, 0)
    for (const m of MIX) expect(counts.get(m.name)).toBeCloseTo((10_000 * m.weight) / total, -1)
  })
})
