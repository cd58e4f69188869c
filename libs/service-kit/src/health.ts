import type { Router } from 'express'
import express from 'express'

/**
 * One dependency's check. `optional`: reported (in /readyz's body and the health report) but not
 * failing readiness, for a dependency the service's requests do not need: a Redis blip must not
 * take every service out of its load balancer when only the gateway and auth use Redis per request.
 */
export type ReadinessCheck = { name: string; check: () => Promise<unknown>; optional?: boolean }

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref())])

export type ReadinessResult = { component: string; status: 'healthy' | 'unhealthy'; message?: string; responseTime: number }

/** Runs every check with a 2 s limit each; a check that throws or hangs is unhealthy. */
export function runReadiness(checks: ReadinessCheck[]): Promise<ReadinessResult[]> {
  return Promise.all(
    checks.map(async ({ name, check }): Promise<ReadinessResult> => {
      const started = performance.now()
      try {
        await withTimeout(check(), 2000)
        return { component: name, status: 'healthy', responseTime: Math.round(performance.now() - started) }
      } catch (err) {
        return { component: name, status: 'unhealthy', message: (err as Error).message, responseTime: Math.round(performance.now() - started) }
      }
    }),
  )
}

/** Ready: every check a request needs (all but the optional ones) answered. */
export const isReady = (checks: ReadinessCheck[], results: ReadinessResult[]): boolean =>
  results.every((r, i) => r.status === 'healthy' || checks[i]?.optional === true)

/** /healthz says the process is alive; /readyz that every dependency its requests need answers. */
export function healthRouter(checks: ReadinessCheck[]): Router {
  const router = express.Router()
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' })
  })
  router.get('/readyz', async (_req, res) => {
    const results = await runReadiness(checks)
    const ok = isReady(checks, results)
    res.status(ok ? 200 : 503).json({ status: ok ? 'healthy' : 'unhealthy', checks: results })
  })
  return router
}
