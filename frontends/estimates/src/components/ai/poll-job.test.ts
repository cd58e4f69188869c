import type { JobStatusResponse } from '@plumbline/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { JobError, POLL_INTERVAL_MS, POLL_MAX_ATTEMPTS, pollJob } from './poll-job'

const status = (s: JobStatusResponse['status'], extra: Partial<JobStatusResponse> = {}): JobStatusResponse => ({
  status: s,
  result: null,
  error: null,
  message: null,
  ...extra,
})
const done = status('completed', { result: { contentBlocks: { timeline: 'Weeks 1-4' }, writer: 'built-in' } })

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** Runs the poller to its end under fake timers and returns how it ended. */
async function settle<T>(p: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const out: { value?: T; error?: unknown } = {}
  const tracked = p.then((v) => (out.value = v)).catch((e) => (out.error = e))
  await vi.runAllTimersAsync()
  await tracked
  return out
}

describe('pollJob', () => {
  it('returns the result once the job completes, polling every 2 seconds', async () => {
    const fetchStatus = vi.fn().mockResolvedValueOnce(status('queued')).mockResolvedValueOnce(status('running')).mockResolvedValueOnce(done)
    const p = pollJob({ fetchStatus })
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchStatus).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1)
    expect(fetchStatus).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchStatus).toHaveBeenCalledTimes(2)
    const { value } = await settle(p)
    expect(value).toEqual(done.result)
    expect(fetchStatus).toHaveBeenCalledTimes(3)
  })

  it('keeps polling a completed job that has no result yet', async () => {
    const fetchStatus = vi.fn().mockResolvedValueOnce(status('completed')).mockResolvedValueOnce(done)
    const { value } = await settle(pollJob({ fetchStatus }))
    expect(value).toEqual(done.result)
  })

  it("raises the server's error for a failed job, else 'AI generation failed'", async () => {
    const withError = await settle(pollJob({ fetchStatus: vi.fn().mockResolvedValue(status('failed', { error: 'Provider quota exceeded' })) }))
    expect(withError.error).toBeInstanceOf(JobError)
    expect((withError.error as Error).message).toBe('Provider quota exceeded')
    const bare = await settle(pollJob({ fetchStatus: vi.fn().mockResolvedValue(status('failed')) }))
    expect((bare.error as Error).message).toBe('AI generation failed')
  })

  it("raises 'AI generation was cancelled' for a cancelled job", async () => {
    const { error } = await settle(pollJob({ fetchStatus: vi.fn().mockResolvedValue(status('cancelled')) }))
    expect((error as JobError).reason).toBe('cancelled')
    expect((error as Error).message).toBe('AI generation was cancelled')
  })

  it("stops after 60 attempts with 'AI generation timed out'", async () => {
    const fetchStatus = vi.fn().mockResolvedValue(status('running'))
    const p = pollJob({ fetchStatus })
    const { error } = await settle(p)
    expect(POLL_MAX_ATTEMPTS).toBe(60)
    expect(fetchStatus).toHaveBeenCalledTimes(60)
    expect((error as Error).message).toBe('AI generation timed out')
  })

  it('takes about 2 minutes to time out (59 waits of 2 s, none after the last attempt)', async () => {
    const fetchStatus = vi.fn().mockResolvedValue(status('running'))
    let ended = false
    const p = pollJob({ fetchStatus }).catch(() => (ended = true))
    await vi.advanceTimersByTimeAsync(59 * POLL_INTERVAL_MS - 1)
    expect(ended).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await p
    expect(ended).toBe(true)
  })

  it('retries request errors until the last attempt, then raises the request error', async () => {
    const fetchStatus = vi.fn().mockRejectedValueOnce(new Error('503: busy')).mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(done)
    const recovered = await settle(pollJob({ fetchStatus }))
    expect(recovered.value).toEqual(done.result)
    expect(fetchStatus).toHaveBeenCalledTimes(3)

    const always = vi.fn().mockRejectedValue(new Error('500: down'))
    const { error } = await settle(pollJob({ fetchStatus: always, maxAttempts: 3 }))
    expect(always).toHaveBeenCalledTimes(3)
    expect((error as Error).message).toBe('500: down')
  })

  it('stops waiting when aborted', async () => {
    const controller = new AbortController()
    const fetchStatus = vi.fn().mockResolvedValue(status('running'))
    let error: unknown
    const p = pollJob({ fetchStatus, signal: controller.signal }).catch((e) => (error = e))
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    controller.abort()
    await p
    expect((error as JobError).reason).toBe('aborted')
    expect(fetchStatus).toHaveBeenCalledTimes(2)
  })

  it('reports each status it sees', async () => {
    const seen: string[] = []
    const fetchStatus = vi.fn().mockResolvedValueOnce(status('queued')).mockResolvedValueOnce(done)
    await settle(pollJob({ fetchStatus, onStatus: (s, n) => seen.push(`${n}:${s.status}`) }))
    expect(seen).toEqual(['1:queued', '2:completed'])
  })
})
