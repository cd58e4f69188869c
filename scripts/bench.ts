// `npm run bench`: starts the real stack (own ports, database and prefixes) and prints latency
// percentiles and throughput. Figures are printed, not asserted: tests check behaviour, not time.
import http from 'node:http'
import { join } from 'node:path'
import { ensureDatabase, withDatabase } from '@plumbline/db'
import { signIdentity } from '@plumbline/service-kit'
import { IDENTITY_HEADER } from '@plumbline/contracts'
import { ensureInfra } from './lib/infra.js'
import { buildFrontends } from './lib/build.js'
import { root, startStack } from './lib/stack.js'
import { DEMO_ACCOUNTS } from '../services/auth/src/seed/demo-accounts.js'

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume()
      res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`${url} answered ${res.statusCode}`))))
    })
    req.on('error', reject)
  })
}

type Result = { p50: number; p95: number; p99: number; rps: number }
async function measure(fn: () => Promise<number>, concurrency: number, requests: number): Promise<Result> {
  for (let i = 0; i < 200; i++) await fn() // warm-up: JIT, pools, caches
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

const fmt = (r: Result) => `p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${Math.round(r.rps)} req/s`

const infra = await ensureInfra()
buildFrontends()
const id = `bench${Date.now().toString(36)}`
const databaseUrl = withDatabase(infra.databaseUrl, id)
await ensureDatabase(databaseUrl)
const stack = await startStack({
  port: 3600, databaseUrl, natsUrl: infra.natsUrl, redisUrl: infra.redisUrl, busPrefix: id, redisPrefix: `${id}:`,
  seedDemo: true, logDir: join(root, 'test-output', 'bench-logs'), env: { LOG_LEVEL: 'warn', GATEWAY_HOST: '127.0.0.1' },
})

try {
  // Sign in through the gateway like a browser: CSRF cookie first, then the login.
  const first = await fetch(`${stack.url}/api/user`)
  const csrf = /plumbline_csrf=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? ''
  const login = await fetch(`${stack.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `plumbline_csrf=${csrf}`, origin: stack.url },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password }),
  })
  const sid = /plumbline_sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
  if (!sid) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  const me = (await (await fetch(`${stack.url}/api/user`, { headers: { cookie: `plumbline_sid=${sid}` } })).json()) as { id: string; email: string }

  const viaGateway = () => get(`http://127.0.0.1:3600/api/user`, { cookie: `plumbline_sid=${sid}` })
  const secret = process.env.IDENTITY_SECRET ?? 'dev-only-identity-secret-change-me-0123456789'
  // The identity token lives 60 s (as the gateway's); re-sign it well before that.
  let token = ''
  const refresh = async () => (token = await signIdentity({ sub: me.id, email: me.email, systemRole: 'user', sessionId: sid }, secret))
  await refresh()
  const refresher = setInterval(refresh, 20_000)
  refresher.unref()
  const direct = () => get(`http://127.0.0.1:${stack.servicePorts.auth}/user`, { [IDENTITY_HEADER]: token })

  console.log('\nGET /api/user')
  const rows: [string, Result][] = []
  for (const c of [1, 16]) {
    const n = c === 1 ? 2000 : 8000
    const g = await measure(viaGateway, c, n)
    const d = await measure(direct, c, n)
    rows.push([`gateway c=${c}`, g], [`direct  c=${c}`, d])
    console.log(`  c=${String(c).padEnd(2)} via gateway: ${fmt(g)}`)
    console.log(`  c=${String(c).padEnd(2)} direct:      ${fmt(d)}`)
    console.log(`  c=${String(c).padEnd(2)} ratio gateway/direct p50 ${(g.p50 / d.p50).toFixed(2)}x, gateway hop adds ${(g.p50 - d.p50).toFixed(2)} ms at p50`)
  }
  const hop = rows[0][1].p50 - rows[1][1].p50
  console.log(`\nTarget: gateway hop ≤ 0.5 ms at p50 (c=1): measured ${hop.toFixed(2)} ms ${hop <= 0.5 ? '(met)' : '(NOT met)'}`)
} finally {
  await stack.stop()
  await infra.stop()
  agent.destroy()
}
process.exit(0)
