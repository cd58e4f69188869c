import http from 'node:http'
import { createGunzip } from 'node:zlib'

// Load generation for `npm run bench`: keep-alive HTTP with a fixed number of requests in
// flight (the concurrency), and the same loop around raw database calls for baselines.

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
export const closeAgent = () => agent.destroy()

/**
 * One request as a browser makes it: it accepts gzip, and a compressed answer counts as done
 * once it is decompressed.
 */
export function timedRequest(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string; expect?: number } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const req = http.request(url, { agent, method: opts.method ?? 'GET', headers: { 'accept-encoding': 'gzip', ...opts.headers } }, (res) => {
      const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(createGunzip()) : res
      body.on('error', reject)
      body.resume()
      body.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6
        if (res.statusCode === (opts.expect ?? 200)) resolve(ms)
        else reject(new Error(`${opts.method ?? 'GET'} ${url} answered ${res.statusCode}`))
      })
    })
    req.on('error', reject)
    req.end(opts.body)
  })
}

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint()
  await fn()
  return Number(process.hrtime.bigint() - started) / 1e6
}

export type Result = { p50: number; p95: number; p99: number; rps: number }

export async function measure(fn: () => Promise<number>, concurrency: number, requests: number, warmup = 100): Promise<Result> {
  for (let i = 0; i < warmup; i++) await fn() // JIT, pools, caches
  const samples: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) samples.push(await fn())
    }),
  )
  const seconds = (performance.now() - started) / 1000
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: samples.length / seconds }
}

export const fmt = (r: Result) =>
  `p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  ${String(Math.round(r.rps)).padStart(5)} req/s`
