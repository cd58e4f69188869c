import { type ChildProcess, fork } from 'node:child_process'
import { once } from 'node:events'
import { IDENTITY_HEADER } from '@plumbline/contracts'
import { type IdentitySigningKey, signIdentity } from '@plumbline/service-kit'
import type { Stack } from '../lib/stack.js'
import { cpuLine, fmt, measureConcurrentInTurns, measureInTurns, target, timedRequest } from './measure.js'
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

  console.log('\nGET /api/user (session → identity → auth service)')
  try {
    const atC1 = await measureInTurns({ gateway: viaGateway, direct }, 2000, 300)
    const hopAtC1 = atC1.gateway.p50 - atC1.direct.p50
    const { gateway, auth } = stack.pids()
    const c16 = await measureConcurrentInTurns(
      { gateway: viaGateway, direct, bare: viaBareProxy },
      { concurrency: 16, requests: 8000, warmup: 500, pids: { gateway, auth, 'bare proxy': bare.child.pid } },
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
    console.log(`  c=16 via a bare proxy ${fmt(c16.bare)}`)
    console.log(`  c=16 CPU per request via the bare proxy: ${cpuLine(c16.bare)}`)
    console.log(
      `  (the floor of any HTTP hop on these cores: node:http + undici forwarding with nothing else reaches ${Math.round((c16.bare.rps / c16.direct.rps) * 100)} % of the service alone; the gateway reaches ${Math.round((c16.gateway.rps / c16.bare.rps) * 100)} % of that floor)`,
    )
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
  }
}

/** bare-proxy.mjs in its own process (as the gateway runs in its own), forwarding to `origin`. */
async function startBareProxy(origin: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(new URL('./bare-proxy.mjs', import.meta.url), [origin], { env: { ...process.env, BARE_PROXY_HEADER: IDENTITY_HEADER }, stdio: 'inherit' })
  const [message] = (await once(child, 'message')) as [{ port: number }]
  return { child, port: message.port }
}
