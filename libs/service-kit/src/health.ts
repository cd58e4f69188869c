import type { Router } from 'express'
import express from 'express'

export type ReadinessCheck = { name: string; check: () => Promise<unknown> }

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

/** /healthz says the process is alive; /readyz that every dependency answers. */
export function healthRouter(checks: ReadinessCheck[]): Router {
  const router = express.Router()
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' })
  })
  router.get('/readyz', async (_req, res) => {
    const results = await runReadiness(checks)
    const ok = results.every((r) => r.status === 'healthy')
    res.status(ok ? 200 : 503).json({ status: ok ? 'healthy' : 'unhealthy', checks: results })
  })
  return router
}
