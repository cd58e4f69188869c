import express, { type Router } from 'express'
import type { Upstreams } from '../proxy/upstreams.js'

export type Check = { name: string; check: () => Promise<unknown> }

async function probe(name: string, check: () => Promise<unknown>, timeoutMs: number) {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)))])
    return { component: name, status: 'healthy', responseTime: Math.round(performance.now() - started) }
  } catch (err) {
    return { component: name, status: 'unhealthy', message: (err as Error).message, responseTime: Math.round(performance.now() - started) }
  } finally {
    clearTimeout(timer)
  }
}

const upstreamCheck = (origin: string, timeoutMs: number) => async () => {
  const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(timeoutMs) })
  if (!res.ok) throw new Error(`status ${res.status}`)
}

/**
 * /readyz (internal listener only: it names every dependency and its errors): Redis and NATS answer (the gateway cannot serve a
 * signed-in request without them). Upstreams are reported but do not fail readiness: one
 * service being down must not take the whole gateway out of a load balancer.
 */
export function readinessRoutes(required: Check[], upstreams: Upstreams, timeoutMs = 2000): Router {
  const router = express.Router()
  router.get('/readyz', async (_req, res) => {
    res.locals.route = '/readyz'
    const [checks, services] = await Promise.all([
      Promise.all(required.map((c) => probe(c.name, c.check, timeoutMs))),
      Promise.all(Object.entries(upstreams).map(([name, origin]) => probe(name, upstreamCheck(origin, timeoutMs), timeoutMs))),
    ])
    const ok = checks.every((c) => c.status === 'healthy')
    res.status(ok ? 200 : 503).json({ status: ok ? 'healthy' : 'unhealthy', checks, upstreams: services })
  })
  return router
}
