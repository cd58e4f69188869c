import { type ChildProcess, fork } from 'node:child_process'
import { once } from 'node:events'
import { IDENTITY_HEADER } from '@plumbline/contracts'
import { type IdentitySigningKey, signIdentity } from '@plumbline/service-kit'
import type { Stack } from '../lib/stack.js'
import { cpuLine, fmt, measureConcurrentInTurns, measureInTurns, type Result, target, timedRequest, type WithCpu } from './measure.js'
import { startNginxProxy } from './nginx-proxy.js'
import type { BrowserSession } from './session.js'

/** GET /api/user through the gateway vs the auth handler called directly, c=1 and c=16. */
export async function benchGatewayHop(stack: Stack, session: BrowserSession, signingKey: IdentitySigningKey): Promise<void> {
  const gatewayPort = stack.servicePorts.gateway
  const viaGateway = () => timedRequest(`http://127.0.0.1:${gatewayPort}/api/user`, { headers: { cookie: session.cookie } })
  // The identity token lives 60 s (as the gateway's); re-sign it well before that.
  let token = ''
  const bare = await startBareProxy(`http://127.0.0.1:${stack.servicePorts.auth}`)
  const sign = async () => {
    token = await signIdentity({ sub: session.userId, email: session.email, systemRole: 'user' }, signingKey)
    bare.child.send(token)
  }
  await sign()
  const refresher = setInterval(sign, 20_000)
  const direct = () => timedRequest(`http://127.0.0.1:${stack.servicePorts.auth}/user`, { headers: { [IDENTITY_HEADER]: token } })
  const viaBareProxy = () => timedRequest(`http://127.0.0.1:${bare.port}/user`)
  const nginx = await startNginxProxy(stack.servicePorts.auth)
  const viaNginx = () => timedRequest(`http://127.0.0.1:${nginx?.port}/user`, { headers: { [IDENTITY_HEADER]: token } })
  const floors: Record<string, () => Promise<number>> = nginx ? { bare: viaBareProxy, nginx: viaNginx } : { bare: viaBareProxy }

  console.log('\nGET /api/user (session → identity → auth service)')
  try {
    const atC1: Record<string, Result> = await measureInTurns({ gateway: viaGateway, direct, ...floors }, 2000, 300)
    const hopAtC1 = atC1.gateway.p50 - atC1.direct.p50
    const { gateway, auth } = stack.pids()
    const c16: Record<string, WithCpu> = await measureConcurrentInTurns(
      { gateway: viaGateway, direct, ...floors },
      { concurrency: 16, requests: 8000, warmup: 500, pids: { gateway, auth, 'bare proxy': bare.child.pid, nginx: nginx?.pid } },
    )
    for (const [c, { gateway: g, direct: d }] of [
      [1, atC1],
      [16, c16],
    ] as const) {
      console.log(`  c=${String(c).padEnd(2)} via gateway  ${fmt(g)}`)
      console.log(`  c=${String(c).padEnd(2)} direct       ${fmt(d)}`)
      if (c === 16) console.log(`  c=16 CPU per request via gateway: ${cpuLine(c16.gateway)}; direct: ${cpuLine(c16.direct)}`)
      console.log(`  c=${String(c).padEnd(2)} ratio ${(g.p50 / d.p50).toFixed(2)}x at p50; the hop adds ${(g.p50 - d.p50).toFixed(2)} ms`)
    }
    for (const [name, label] of [
      ['bare', 'a bare proxy (node:http + undici forwarding, nothing else)'],
      ['nginx', 'nginx (one process, keep-alive upstream, nothing else)'],
    ] as const) {
      if (!c16[name]) continue
      console.log(`  floor: ${label}`)
      console.log(`    c=1  ${fmt(atC1[name])}: the hop adds ${(atC1[name].p50 - atC1.direct.p50).toFixed(2)} ms`)
      console.log(`    c=16 ${fmt(c16[name])}: ${Math.round((c16[name].rps / c16.direct.rps) * 100)} % of the service alone`)
      console.log(`    c=16 CPU per request: ${cpuLine(c16[name])}`)
    }
    console.log(`  (the gateway reaches ${Math.round((c16.gateway.rps / c16.bare.rps) * 100)} % of the bare proxy's throughput)`)
    target('the gateway hop adds ≤ 0.5 ms at p50 (c=1)', `${hopAtC1.toFixed(2)} ms`, hopAtC1 <= 0.5)
    // The client shares the two cores: its own CPU (printed beside each c=16 line) is load both ways take.
    target(
      'c=16 throughput via the gateway ≥ 85 % of the service alone',
      `${Math.round((c16.gateway.rps / c16.direct.rps) * 100)} %`,
      c16.gateway.rps >= 0.85 * c16.direct.rps,
    )
  } finally {
    clearInterval(refresher)
    bare.child.kill()
    nginx?.stop()
  }
}

/** bare-proxy.mjs in its own process (as the gateway runs in its own), forwarding to `origin`. */
async function startBareProxy(origin: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(new URL('./bare-proxy.mjs', import.meta.url), [origin], { env: { ...process.env, BARE_PROXY_HEADER: IDENTITY_HEADER }, stdio: 'inherit' })
  const [message] = (await once(child, 'message')) as [{ port: number }]
  return { child, port: message.port }
}
