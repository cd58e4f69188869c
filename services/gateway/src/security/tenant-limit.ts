import { rateLimited } from '../core/errors.js'

/**
 * A fair share of this gateway replica per organisation: a token bucket per tenant refilled at
 * `ratePerSecond` up to `burst`. A noisy tenant gets 429 with Retry-After while the others keep
 * their latency. In process, not in Redis: it adds no round trip to every request (the gateway
 * hop is the hot path), and with N replicas behind a balancer a tenant's ceiling is N × the rate,
 * which is the point: it bounds one tenant's share of each replica, not a billing quota.
 */
export type TenantLimiter = { take(tenant: string, now?: number): void; size(): number }

type Bucket = { tokens: number; at: number }

export function createTenantLimiter(opts: { ratePerSecond: number; burst: number; maxTenants?: number }): TenantLimiter {
  const buckets = new Map<string, Bucket>()
  const maxTenants = opts.maxTenants ?? 100_000
  return {
    take(tenant, now = Date.now()) {
      let bucket = buckets.get(tenant)
      if (!bucket) {
        // A full bucket is the same as no bucket: forget the idle ones first when the map is full.
        if (buckets.size >= maxTenants) forgetFullBuckets(buckets, opts, now)
        bucket = { tokens: opts.burst, at: now }
        buckets.set(tenant, bucket)
      }
      bucket.tokens = Math.min(opts.burst, bucket.tokens + ((now - bucket.at) / 1000) * opts.ratePerSecond)
      bucket.at = now
      if (bucket.tokens < 1) throw rateLimited(Math.max(1, Math.ceil((1 - bucket.tokens) / opts.ratePerSecond)))
      bucket.tokens -= 1
    },
    size: () => buckets.size,
  }
}

function forgetFullBuckets(buckets: Map<string, Bucket>, opts: { ratePerSecond: number; burst: number }, now: number) {
  for (const [tenant, b] of buckets) if (b.tokens + ((now - b.at) / 1000) * opts.ratePerSecond >= opts.burst) buckets.delete(tenant)
}
