import { describe, expect, it, vi } from 'vitest'
import { isChunkLoadFailure } from './stale-release'

describe('stale release', () => {
  it('tells a chunk that did not load from code that failed', () => {
    expect(
      isChunkLoadFailure(Object.assign(new Error('Loading chunk 310 failed.\n(error: http://x/static/js/async/310.ab12cd34.js)'), { name: 'ChunkLoadError' })),
    ).toBe(true)
    expect(isChunkLoadFailure(new Error('Loading CSS chunk 7 failed.'))).toBe(true)
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true)
    expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false)
    expect(isChunkLoadFailure('ChunkLoadError')).toBe(false)
  })

  it('reloads once, and shows a second failure soon after as an error', async () => {
    vi.resetModules()
    const { reloadForNewRelease } = await import('./stale-release')
    const store = new Map<string, string>()
    const reload = vi.fn()
    let now = 1_000_000
    const env = { storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) }, reload, now: () => now }
    const chunk = Object.assign(new Error('Loading chunk 1 failed.'), { name: 'ChunkLoadError' })
    expect(reloadForNewRelease(new Error('boom'), env)).toBe(false)
    expect(reloadForNewRelease(chunk, env)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
    // The reloaded page (a fresh module) meets the same failure at once: a real error, no loop.
    vi.resetModules()
    const fresh = await import('./stale-release')
    now += 5_000
    expect(fresh.reloadForNewRelease(chunk, env)).toBe(false)
    // The next deploy, later on, reloads again.
    now += 60_000
    expect(fresh.reloadForNewRelease(chunk, env)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
