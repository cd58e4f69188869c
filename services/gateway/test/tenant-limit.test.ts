import { describe, expect, it } from 'vitest'
import { createTenantLimiter } from '../src/security/tenant-limit.js'

describe('the tenant token bucket', () => {
  it('allows the burst, then the rate, and says when to come back', () => {
    const limiter = createTenantLimiter({ ratePerSecond: 2, burst: 3 })
    const t0 = 1_000_000
    for (let i = 0; i < 3; i++) limiter.take('a', t0)
    expect(() => limiter.take('a', t0)).toThrow(expect.objectContaining({ status: 429, headers: { 'Retry-After': '1' } }))
    limiter.take('a', t0 + 500) // one token refilled after half a second at 2/s
    expect(() => limiter.take('a', t0 + 500)).toThrow()
    limiter.take('b', t0) // another tenant is not affected
  })

  it('forgets idle tenants when it holds too many', () => {
    const limiter = createTenantLimiter({ ratePerSecond: 10, burst: 10, maxTenants: 2 })
    limiter.take('a', 0)
    limiter.take('b', 0)
    limiter.take('c', 10_000) // a and b are full again by now: forgotten
    expect(limiter.size()).toBe(1)
  })
})
