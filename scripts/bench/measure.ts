import { readFileSync } from 'node:fs'
import http from 'node:http'
import { gunzipSync } from 'node:zlib'

// Load generation for `npm run bench`: keep-alive HTTP with a fixed number of requests in
// flight (the concurrency), and the same loop around raw database calls for baselines.

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
export const closeAgent = () => agent.destroy()

/**
 * One request as a browser makes it: it accepts gzip, and a compressed answer counts as done
 * once it is decompressed. The body is inflated in one call at the end: a streaming gunzip
 * here would add a thread-pool round trip per chunk that a browser's native inflate never pays,
 * and that showed up as this client's own tail latency.
 */
export function timedRequest(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string; expect?: number } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const req = http.request(url, { agent, method: opts.method ?? 'GET', headers: { 'accept-encoding': 'gzip', ...opts.headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () => {
        try {
          if (res.headers['content-encoding'] === 'gzip') gunzipSync(Buffer.concat(chunks))
        } catch (err) {
          return reject(err)
        }
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

/** clientCpu: the share of one core this bench process used while measuring (it shares the cores with what it measures). */
export type Result = { p50: number; p95: number; p99: number; rps: number; clientCpu?: number }

export async function measure(fn: () => Promise<number>, concurrency: number, requests: number, warmup = 100): Promise<Result> {
  await runConcurrently(fn, concurrency, warmup) // JIT, pools (grown to the measured concurrency), caches
  const run = await runConcurrently(fn, concurrency, requests)
  return { ...summarise(run.samples, run.seconds), clientCpu: run.clientCpu / run.seconds }
}

type Run = { samples: number[]; seconds: number; clientCpu: number }

/** `requests` calls of fn with `concurrency` in flight; clientCpu in CPU seconds of this process. */
async function runConcurrently(fn: () => Promise<number>, concurrency: number, requests: number): Promise<Run> {
  const samples: number[] = []
  let next = 0
  const started = performance.now()
  const cpu = process.cpuUsage()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) samples.push(await fn())
    }),
  )
  const used = process.cpuUsage(cpu)
  return { samples, seconds: (performance.now() - started) / 1000, clientCpu: (used.user + used.system) / 1e6 }
}

/** A Result with the CPU each watched process (and this client) spent per request, in µs. */
export type WithCpu = Result & { cpuUs: Record<string, number> }

/**
 * Throughput figures (c > 1) for several ways to do the same thing, taken in turns: each way is
 * first warmed at the measured concurrency (its connection pools grow to it), then blocks of each
 * way alternate, in a rotating order. Measured one way after another, with a sequential warm-up,
 * the way that ran first paid for growing the pools behind it (the gateway bench: the auth
 * service spent ~70 µs more per request in whichever c=16 run came first) and drifting load
 * landed on whichever way ran at the time. `pids` names processes whose CPU is reported per request.
 */
export async function measureConcurrentInTurns<K extends string>(
  ways: Record<K, () => Promise<number>>,
  opts: { concurrency: number; requests: number; warmup: number; blocks?: number; pids?: Partial<Record<string, number>> },
): Promise<Record<K, WithCpu>> {
  const names = Object.keys(ways) as K[]
  const blocks = opts.blocks ?? 4
  const watched = Object.entries(opts.pids ?? {}).filter((entry): entry is [string, number] => entry[1] !== undefined)
  for (const name of names) await runConcurrently(ways[name], opts.concurrency, opts.warmup)
  const totals = Object.fromEntries(names.map((n) => [n, { samples: [] as number[], seconds: 0, clientCpu: 0, cpu: {} as Record<string, number> }]))
  for (let block = 0; block < blocks; block++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(block + k) % names.length]
      const before = watched.map(([, pid]) => processCpuSeconds(pid))
      const run = await runConcurrently(ways[name], opts.concurrency, Math.ceil(opts.requests / blocks))
      const total = totals[name]
      total.samples.push(...run.samples)
      total.seconds += run.seconds
      total.clientCpu += run.clientCpu
      for (const [i, [name, pid]] of watched.entries()) total.cpu[name] = (total.cpu[name] ?? 0) + processCpuSeconds(pid) - before[i]
    }
  }
  return Object.fromEntries(
    names.map((n) => {
      const { samples, seconds, clientCpu, cpu } = totals[n]
      const perRequest = (cpuSeconds: number) => (cpuSeconds / samples.length) * 1e6
      const cpuUs = Object.fromEntries([...Object.entries(cpu).map(([p, sec]) => [p, perRequest(sec)]), ['client', perRequest(clientCpu)]])
      return [n, { ...summarise(samples, seconds), clientCpu: clientCpu / seconds, cpuUs }]
    }),
  ) as Record<K, WithCpu>
}

/**
 * c=1 figures for several ways to do the same thing (via the gateway, the service alone, raw
 * SQL), taken in turns rather than one after another: load on this shared machine drifts over
 * seconds, and measured in blocks that drift would land on whichever way ran at the time.
 * Each round's order rotates, so none always runs right after another.
 */
export async function measureInTurns<K extends string>(ways: Record<K, () => Promise<number>>, requests: number, warmup = 100): Promise<Record<K, Result>> {
  const names = Object.keys(ways) as K[]
  for (let i = 0; i < warmup; i++) for (const name of names) await ways[name]()
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>
  const busy = Object.fromEntries(names.map((n) => [n, 0])) as Record<K, number>
  for (let round = 0; round < requests; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length]
      const ms = await ways[name]()
      samples[name].push(ms)
      busy[name] += ms
    }
  }
  // req/s of one client waiting for each answer: requests over the time spent on this way alone.
  return Object.fromEntries(names.map((n) => [n, summarise(samples[n], busy[n] / 1000)])) as Record<K, Result>
}

function summarise(samples: number[], seconds: number): Result {
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: samples.length / seconds }
}

export const fmt = (r: Result) =>
  `p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  ${String(Math.round(r.rps)).padStart(5)} req/s` +
  (r.clientCpu === undefined ? '' : `  (client ${Math.round(r.clientCpu * 100)} % of a core)`)

/** CPU per request of each process a way passed through (a process it does not pass through spends < 1 µs). */
export const cpuLine = (r: WithCpu) =>
  Object.entries(r.cpuUs)
    .filter(([, us]) => us >= 1)
    .map(([name, us]) => `${name} ${Math.round(us)} µs`)
    .join(', ')

/** One line per performance goal: the figure, the goal, met or not. */
export function target(goal: string, figure: string, met: boolean) {
  console.log(`  target: ${goal} → ${figure} ${met ? '(met)' : '(not met)'}`)
}

/** CPU seconds (user + system) a process has used so far (Linux /proc; ticks of 10 ms), NaN elsewhere. */
export function processCpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}
