// `npm test`: the whole suite on a fresh machine. Installs Debian chromium and the tools the tests
// use when missing (and allowed), provides PostgreSQL/NATS/Redis (from the environment's URLs,
// throwaway containers when Docker answers, else the local servers, embedded when none run), then
// runs two lanes side by side: the front ends' build and the browser journeys in shards, each
// against its own real stack; and type-check, lint (Biome and the layering rule), unit and
// integration tests. Ends with the ten slowest tests and one 'N passed, N failed' line.
import './lib/require-node.js' // first: stops on a Node older than 24 before anything else loads
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'
import { CHROMIUM_PATH } from '../libs/testing/src/browser.js'
import { chooseInfraSources, dockerEngineAnswers, INFRA, startInfraContainers } from '../libs/testing/src/infra.js'
import { ensureDebianPackages, onPath } from './lib/apt.js'
import { buildFrontendsAsync, runQuietly } from './lib/build.js'
import { lastDurations, planShards } from './lib/e2e-shards.js'
import { ensureInfra } from './lib/infra.js'
import { startSlowMachine } from './lib/slow-machine.js'
import { ensureSpeechTools } from './lib/speech-tools.js'
import { root } from './lib/stack.js'

const started = Date.now()
// `npm run test:unit` and `npm run test:e2e` run one lane alone with what it needs (tools,
// infrastructure, built front ends; no type-check or lint); files after `--` narrow the run.
const [mode, ...filters] = process.argv.slice(2)
if (mode !== undefined && mode !== 'unit' && mode !== 'e2e') {
  console.error(`Unknown part '${mode}': npm test runs everything; npm run test:unit or npm run test:e2e (-- <files>) runs one lane.`)
  process.exit(2)
}
const only = mode as 'unit' | 'e2e' | undefined
const out = join(root, 'test-output')
mkdirSync(out, { recursive: true })
const step = (m: string) => console.log(`\n\x1b[36m▸\x1b[0m ${m} (${Math.round((Date.now() - started) / 1000)} s)`)

function ensureChromium() {
  // poppler-utils: the documents service's PDF tests read PDFs with pdftotext/pdftoppm;
  // openssl makes the throwaway certificate of its local https test server; nginx serves the built
  // remotes with the remote image's own config (libs/testing/test/deploy/remote-nginx.test.ts).
  ensureDebianPackages({
    what: 'Chromium (and the PDF tools and nginx the tests use)',
    packages: ['chromium', 'fonts-liberation', 'poppler-utils', 'openssl', 'nginx-light'],
    present: () => existsSync(CHROMIUM_PATH) && onPath('pdftotext') && onPath('openssl') && existsSync('/usr/sbin/nginx'),
    otherwise: 'Or set CHROMIUM_PATH to a Chrome or Chromium binary (macOS: also `brew install poppler`).',
    log: step,
  })
}

/** URLs from the environment, else throwaway containers when Docker answers, else the local servers. */
async function provideInfra() {
  const sources = await chooseInfraSources({ env: process.env, dockerAnswers: dockerEngineAnswers })
  console.log(`  ${INFRA.map((name) => `${name}: ${sources[name]}`).join(', ')}`)
  const containers = await startInfraContainers(sources, (m) => console.log(`  ${m}`))
  Object.assign(process.env, containers.env)
  // ensureInfra uses what answers at those URLs, and starts embedded servers for the local ones that do not.
  const local = await ensureInfra((m) => console.log(`  ${m}`)).catch(async (err) => {
    await containers.stop()
    throw err
  })
  return {
    ...local,
    stop: async () => {
      await local.stop()
      await containers.stop()
    },
  }
}

type Tally = { passed: number; failed: number }
type TestFile = { name: string; assertionResults: { fullName: string; title: string; duration?: number; status: string }[] }

/**
 * One vitest run; resolves with its tally from the JSON report. Its output is collected and
 * printed in one block when it ends, so the lanes side by side do not interleave their lines.
 */
function runVitest(opts: { config: string; report: string; env: Record<string, string>; files?: string[]; args?: string[]; nice?: number }): Promise<Tally> {
  const logFile = join(out, opts.report.replace(/-report(.*)\.json$/, '$1.log'))
  const reportPath = join(out, opts.report)
  rmSync(reportPath, { force: true })
  const vitest = [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    opts.config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportPath}`,
    ...(opts.files ?? []),
  ]
  const [command, args] = opts.nice ? ['nice', ['-n', String(opts.nice), process.execPath, ...vitest]] : [process.execPath, vitest]
  return runQuietly(command as string, args as string[], opts.env, console.log, logFile).then((ok) => {
    if (!existsSync(reportPath)) return { passed: 0, failed: 1 }
    const json = JSON.parse(readFileSync(reportPath, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number }
    const failed = json.numFailedTests + (!ok && json.numFailedTests === 0 ? Math.max(1, json.numFailedTestSuites) : 0)
    return { passed: json.numPassedTests, failed }
  })
}

/** `npm run <script>` as a lane step: typecheck (three programs, TypeScript 7's native compiler) or lint (Biome, then the layering rule in lint/layers.ts). */
async function npmCheck(script: 'typecheck' | 'lint'): Promise<Tally> {
  return (await runQuietly('npm', ['run', '--silent', script], {})) ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }
}

const sum = (tallies: Tally[]): Tally => tallies.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }), { passed: 0, failed: 0 })

/** The slowest tests of every report, for the closing lines (a test near its timeout shows here first). */
function slowestTests(reports: string[], count: number): string[] {
  const rows: { ms: number; line: string }[] = []
  for (const report of reports) {
    const path = join(out, report)
    if (!existsSync(path)) continue
    for (const file of (JSON.parse(readFileSync(path, 'utf8')) as { testResults: TestFile[] }).testResults)
      for (const t of file.assertionResults) rows.push({ ms: t.duration ?? 0, line: `${relative(root, file.name)} › ${t.title}` })
  }
  return rows
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((r) => `${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.line}`)
}

ensureChromium()
ensureSpeechTools(step)
;(await import('./lib/prometheus-tools.js')).ensurePrometheusTools(step) // promtool and amtool, for the alerting tests
const slowMachine = startSlowMachine(step)
step('PostgreSQL, NATS and Redis')
const infra = await provideInfra()
const env = { DATABASE_URL: infra.databaseUrl.replace(/\/[^/]*$/, '/postgres'), NATS_URL: infra.natsUrl, REDIS_URL: infra.redisUrl }

// Two lanes side by side. The browser lane (build, then the journeys in shards, each shard its own
// stack and browser) is the longer one, so it runs at normal priority; the checks and the
// unit/integration tests take the rest of the CPU at a lower one, so a journey's page is not
// starved into its timeout by a burst of test imports.
// One shard per core beyond the first, which the check lane takes: on two cores one shard, as two
// stacks and two browsers beside the unit tests starve each other past their timeouts.
const E2E_SHARDS = Number(process.env.E2E_SHARDS ?? Math.max(1, availableParallelism() - 1))
const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3300)
const shardReports = Array.from({ length: E2E_SHARDS }, (_, i) => `e2e-report-${i + 1}.json`)
// `npm run test:e2e -- <files>` runs just those files, in one shard.
const shards = only === 'e2e' && filters.length ? [filters] : planShards(root, E2E_SHARDS, lastDurations(root, shardReports))

// Built once for both lanes: the journeys serve the bundles, and three deploy tests of the check
// lane read them (the shell's first-load budget, open tabs across a release, the remotes' nginx).
let frontendsBuilt: Promise<void> | undefined
function buildFrontendsOnce(): Promise<void> {
  if (!frontendsBuilt) {
    step('Building the front ends')
    frontendsBuilt = buildFrontendsAsync()
  }
  return frontendsBuilt
}

async function browserLane(): Promise<Tally> {
  await buildFrontendsOnce()
  step(`Browser journeys in ${shards.length} shard${shards.length === 1 ? '' : 's'} (each its own stack and Chromium)`)
  return sum(
    await Promise.all(
      shards.map((files, i) =>
        runVitest({
          config: 'vitest.e2e.config.ts',
          report: `e2e-report-${i + 1}.json`,
          files,
          env: { ...env, E2E_PORT: String(E2E_BASE_PORT + 40 * i), E2E_SHARD: String(i + 1) },
        }),
      ),
    ),
  )
}

async function checkLane(): Promise<{ types: Tally; linted: Tally; unit: Tally }> {
  const nice = Number(process.env.UNIT_NICE ?? 5)
  // `npm run test:unit` leaves the type-check and lint to `npm test`.
  const none: Tally = { passed: 0, failed: 0 }
  if (only !== 'unit') step('Type-checking every package, then linting')
  const types = only === 'unit' ? none : await npmCheck('typecheck')
  const linted = only === 'unit' ? none : await npmCheck('lint')
  await buildFrontendsOnce()
  step('Unit and integration tests')
  // More workers than cores: the integration files spend most of their time waiting on services,
  // databases, the bus and child processes, not computing (two workers alone kept less than one
  // core busy). Beside the browser lane the niced workers take what the journeys leave idle.
  const cores = availableParallelism()
  const workers = String(Number(process.env.UNIT_WORKERS ?? (only === 'unit' ? 2 * cores : cores + 1)))
  const unit = await runVitest({ config: 'vitest.config.ts', report: 'unit-report.json', env, nice, args: [`--maxWorkers=${workers}`], files: filters })
  step('Unit and integration tests done')
  return { types, linted, unit }
}

const unrun: Tally = { passed: 0, failed: 0 }
const [e2e, { types, linted, unit }] = await Promise.all([
  only === 'unit' ? unrun : browserLane(),
  only === 'e2e' ? { types: unrun, linted: unrun, unit: unrun } : checkLane(),
])
await infra.stop()
slowMachine.stop()

const { passed, failed } = sum([types, linted, unit, e2e])
console.log('\nThe ten slowest tests:')
for (const line of slowestTests(['unit-report.json', ...shardReports], 10)) console.log(line)
console.log(
  `\ntype-check ${types.failed ? 'failed' : types.passed ? 'passed' : 'not run'}; lint ${linted.failed ? 'failed' : linted.passed ? 'passed' : 'not run'}; unit+integration ${unit.passed}/${unit.passed + unit.failed}; browser ${e2e.passed}/${e2e.passed + e2e.failed}; ${Math.round((Date.now() - started) / 1000)} s`,
)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
