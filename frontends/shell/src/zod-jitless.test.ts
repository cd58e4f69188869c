import { describe, expect, it } from 'vitest'

describe('zod-jitless', () => {
  it('is what zod reads as its jitless setting once it loads', async () => {
    const { zodGlobalConfig } = await import('./zod-jitless')
    const { config } = await import('zod')
    expect(config()).toBe(zodGlobalConfig)
    expect(config().jitless).toBe(true)
  })
})
