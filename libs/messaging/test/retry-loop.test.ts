import { describe, expect, test } from 'vitest'
import { backoffDelay, startRetryLoop } from '../src/index.js'

const quiet = { debug() {}, info() {}, warn() {}, error() {} }

describe('startRetryLoop', () => {
  test('backs off exponentially up to the cap, without jitter when not asked for', () => {
    const b = { baseMs: 200, maxMs: 5000 }
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => backoffDelay(b, n))).toEqual([200, 400, 800, 1600, 3200, 5000, 5000])
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay({ ...b, jitter: true }, 3)
      expect(d).toBeGreaterThanOrEqual(640)
      expect(d).toBeLessThanOrEqual(960)
    }
  })

  test('a failing round never escapes: it is retried after the back-off, and progress resets the count', async () => {
    const events: string[] = []
    const warned: number[] = []
    let round = 0
    const loop = startRetryLoop({
      logger: { ...quiet, warn: (o: { failures: number }) => warned.push(o.failures), info: () => events.push('recovered') },
      name: 'test loop',
      backoff: { baseMs: 5, maxMs: 20 },
      round: async (state) => {
        round++
        if (round <= 3) throw new Error(`down ${round}`)
        if (round === 4) state.progressed()
        events.push(`round ${round}`)
        return round >= 6 ? 60_000 : 0
      },
    })
    await expect.poll(() => round, { timeout: 2000 }).toBe(6)
    expect(warned).toEqual([1, 2, 3])
    expect(events).toEqual(['recovered', 'round 4', 'round 5', 'round 6'])
    // stop() wakes the loop from its 60 s wait at once.
    const started = Date.now()
    await loop.stop()
    expect(Date.now() - started).toBeLessThan(1000)
    expect(loop.stopping).toBe(true)
    expect(loop.signal.aborted).toBe(true)
    expect(round).toBe(6)
  })

  test('stop() interrupts the round in progress and ends when canRun says no', async () => {
    let release: (() => void) | undefined
    let rounds = 0
    const loop = startRetryLoop({
      logger: quiet,
      name: 'blocked',
      backoff: { baseMs: 5, maxMs: 5 },
      interrupt: async () => release?.(),
      round: async () => {
        rounds++
        await new Promise<void>((r) => (release = r))
        return 0
      },
    })
    await expect.poll(() => rounds).toBe(1)
    await loop.stop()
    expect(rounds).toBe(1)

    let open = true
    let closedRounds = 0
    const closed = startRetryLoop({
      logger: quiet,
      name: 'closed',
      backoff: { baseMs: 1, maxMs: 1 },
      canRun: () => open,
      round: async () => {
        if (++closedRounds === 3) open = false
        return 1
      },
    })
    await expect.poll(() => closedRounds).toBe(3)
    await new Promise((r) => setTimeout(r, 30))
    expect(closedRounds).toBe(3)
    await closed.stop()
  })
})
