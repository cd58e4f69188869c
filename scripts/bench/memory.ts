// `npm run bench -- memory`: each service's resident memory at idle, then during a soak of the
// list and detail (SOAK_MINUTES, default 10, four clients), sampled every 30 s. Growth is the
// last sample against the first one after a minute of warm-up (JIT, pools and caches filled):
// a service that keeps growing past that leaks. Goal: no service grows over 10 %.
import { readFileSync } from 'node:fs'
import type { ServiceName, Stack } from '../lib/stack.js'
import { target, timedRequest } from './measure.js'
import type { BrowserSession } from './session.js'

/** VmRSS of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return kb ? Number(kb) / 1024 : Number.NaN
}

function sampleAll(stack: Stack): Partial<Record<ServiceName, number>> {
  return Object.fromEntries(Object.entries(stack.pids()).map(([name, pid]) => [name, rssMb(pid as number)]))
}

/** V8's used heap and the memory outside it (Buffers) in MB, from a service's prom-client default metrics. */
async function heapOf(stack: Stack, name: ServiceName): Promise<string> {
  // The gateway serves /metrics on its internal listener only (PORT + 1000).
  const port = name === 'gateway' ? stack.servicePorts.gateway + 1000 : stack.servicePorts[name]
  const text = await fetch(`http://127.0.0.1:${port}/metrics`)
    .then((r) => r.text())
    .catch(() => '')
  const mb = (metric: string) => Number(new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]) / 1024 / 1024
  return `heap ${mb('nodejs_heap_size_used_bytes').toFixed(0)} MB, external ${mb('nodejs_external_memory_bytes').toFixed(0)} MB`
}

export async function benchMemory(stack: Stack, session: BrowserSession) {
  const minutes = Number(process.env.SOAK_MINUTES ?? 10)
  const me = (await (await fetch(`${stack.url}/api/user`, { headers: { cookie: session.cookie } })).json()) as { organizations: { id: string }[] }
  const api = `http://127.0.0.1:${stack.servicePorts.gateway}/api/organizations/${me.organizations[0].id}`
  const list = (await (await fetch(`${api}/estimates?limit=20`, { headers: { cookie: session.cookie } })).json()) as { estimates: { id: string }[] }
  const ids = list.estimates.map((e) => e.id)
  console.log(`\nMemory: RSS at idle, then a ${minutes}-minute soak of the list and detail (4 clients)`)
  const idle = sampleAll(stack)

  let stop = false
  let requests = 0
  const clients = Array.from({ length: 4 }, async (_, i) => {
    for (let n = i; !stop; n++) {
      const id = ids[n % ids.length]
      await timedRequest(`${api}/estimates?limit=20&page=${1 + (n % 3)}`, { headers: { cookie: session.cookie } })
      if (id) {
        await timedRequest(`${api}/estimates/${id}`, { headers: { cookie: session.cookie } })
        await timedRequest(`${api}/estimates/${id}/sections`, { headers: { cookie: session.cookie } })
      }
      requests += id ? 3 : 1
    }
  })
  const samples: Partial<Record<ServiceName, number>>[] = []
  const heapAtWarm: Partial<Record<ServiceName, string>> = {}
  const started = Date.now()
  while (Date.now() - started < minutes * 60_000) {
    await new Promise((r) => setTimeout(r, 30_000))
    samples.push(sampleAll(stack))
    if (samples.length === 2) for (const name of Object.keys(idle) as ServiceName[]) heapAtWarm[name] = await heapOf(stack, name)
  }
  stop = true
  await Promise.all(clients)

  const warm = samples[Math.min(1, samples.length - 1)] ?? idle
  const last = samples.at(-1) ?? idle
  console.log(`  ${'service'.padEnd(10)} ${'idle MB'.padStart(8)} ${'warm MB'.padStart(8)} ${'end MB'.padStart(8)} ${'growth'.padStart(7)}`)
  let worst = 0
  for (const name of Object.keys(idle) as ServiceName[]) {
    const growth = ((last[name] ?? Number.NaN) - (warm[name] ?? Number.NaN)) / (warm[name] ?? Number.NaN)
    worst = Math.max(worst, growth)
    console.log(
      `  ${name.padEnd(10)} ${idle[name]?.toFixed(0).padStart(8)} ${warm[name]?.toFixed(0).padStart(8)} ${last[name]?.toFixed(0).padStart(8)} ${`${(growth * 100).toFixed(1)} %`.padStart(7)}`,
    )
    // A grower's path says whether it levels off (a cache or heap filling) or climbs (a leak).
    if (growth > 0.05) {
      console.log(`    RSS every 30 s: ${samples.map((s) => s[name]?.toFixed(0)).join(' ')}`)
      console.log(`    at warm-up: ${heapAtWarm[name]}; at the end: ${await heapOf(stack, name)}`)
    }
  }
  console.log(`  ${requests} requests in ${minutes} min`)
  target('no service grows more than 10 % over the soak (after a minute of warm-up)', `worst ${(worst * 100).toFixed(1)} %`, worst <= 0.1)
}
