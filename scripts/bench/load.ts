// `npm run bench -- load`: the k6 scenarios (k6/lib/scenarios.js) played from Node, for machines
// without a k6 binary: ramping virtual users by a profile of k6/lib/profiles.js (LOAD_PROFILE,
// default smoke; average, stress, soak), then per request name the count, p50/p95/p99 and
// failures, the checks, the thresholds judged as k6 judges them, and the runner's own CPU (it
// shares the cores with the stack it measures).
import { PROFILES, seconds, THRESHOLDS } from '../../k6/lib/profiles.js'
import { prepare, scenarioFor } from '../../k6/lib/scenarios.js'
import { DEMO_ACCOUNTS } from '../../services/auth/src/seed/demo-accounts.js'
import { nodeClient, type Recorder } from '../load/node-client.js'
import { evaluate, percentile } from '../load/thresholds.js'

type Stage = { duration: string; target: number }

/** Virtual users wanted `t` seconds in: linear between stage targets, as k6's ramping-vus. */
export function targetAt(stages: Stage[], t: number, start = 1): number {
  let from = start
  let elapsed = 0
  for (const stage of stages) {
    const length = seconds(stage.duration)
    if (t < elapsed + length) return Math.round(from + ((stage.target - from) * (t - elapsed)) / length)
    elapsed += length
    from = stage.target
  }
  return 0
}

export async function benchLoad(baseUrl: string) {
  const profileName = (process.env.LOAD_PROFILE ?? 'smoke') as keyof typeof PROFILES
  const profile = PROFILES[profileName]
  if (!profile) throw new Error(`LOAD_PROFILE must be one of ${Object.keys(PROFILES).join(', ')}`)
  const setupRecorder: Recorder = { requests: [], checks: [] }
  const data = await prepare(nodeClient(baseUrl, setupRecorder), { email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password })
  const recorder: Recorder = { requests: [], checks: [] }
  const total = profile.stages.reduce((s: number, st: Stage) => s + seconds(st.duration), 0)
  console.log(`\nload (${profileName}: ${profile.stages.map((s: Stage) => `${s.target} VUs over ${s.duration}`).join(', ')})`)

  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const elapsed = () => (performance.now() - started) / 1000
  let running = 0
  let iterations = 0
  let peak = 0
  const vus: Promise<void>[] = []
  async function virtualUser(index: number) {
    // A VU above the current target finishes its iteration and leaves, as k6 ramps down.
    for (let iteration = 0; elapsed() < total && index < targetAt(profile.stages, elapsed()); iteration++) {
      await scenarioFor(profile, iteration).run(nodeClient(baseUrl, recorder), data)
      iterations++
      await new Promise((r) => setTimeout(r, profile.thinkSeconds * (0.5 + Math.random()) * 1000))
    }
    running--
  }
  while (elapsed() < total) {
    const want = targetAt(profile.stages, elapsed())
    while (running < want) {
      vus.push(virtualUser(running))
      running++
    }
    peak = Math.max(peak, running)
    await new Promise((r) => setTimeout(r, 250))
  }
  await Promise.all(vus)
  const wall = elapsed()
  const cpu = process.cpuUsage(cpuBefore)

  const names = [...new Set(recorder.requests.map((r) => r.name))].sort()
  const pad = (s: string | number, n: number) => String(s).padStart(n)
  console.log(`  ${'request'.padEnd(22)} ${pad('count', 7)} ${pad('p50 ms', 8)} ${pad('p95 ms', 8)} ${pad('p99 ms', 8)} ${pad('failed', 7)}`)
  for (const name of names) {
    const samples = recorder.requests.filter((r) => r.name === name)
    const sorted = samples.map((r) => r.ms).sort((a, b) => a - b)
    const failed = samples.filter((r) => r.failed).length
    console.log(
      `  ${name.padEnd(22)} ${pad(samples.length, 7)} ${pad(percentile(sorted, 50).toFixed(1), 8)} ${pad(percentile(sorted, 95).toFixed(1), 8)} ${pad(percentile(sorted, 99).toFixed(1), 8)} ${pad(failed, 7)}`,
    )
  }
  const checksOk = recorder.checks.filter((c) => c.ok).length
  console.log(
    `  ${iterations} iterations, ${recorder.requests.length} requests (${(recorder.requests.length / wall).toFixed(1)} req/s) in ${wall.toFixed(0)} s, peak ${peak} VUs; checks ${checksOk}/${recorder.checks.length}`,
  )
  console.log(`  runner CPU: ${(((cpu.user + cpu.system) / 1e6 / wall) * 100).toFixed(0)} % of one core`)
  for (const failedCheck of new Set(recorder.checks.filter((c) => !c.ok).map((c) => c.name))) console.log(`  check failed at least once: ${failedCheck}`)
  const verdicts = evaluate(recorder, THRESHOLDS)
  for (const v of verdicts)
    console.log(
      `  ${v.ok ? 'PASS' : 'FAIL'} ${v.metric} ${v.condition} (${Number.isNaN(v.value) ? 'no samples' : v.value.toFixed(v.metric.startsWith('http_req_duration') ? 1 : 4)})`,
    )
  return { verdicts, recorder }
}
