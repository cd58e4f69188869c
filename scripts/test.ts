// `npm test`: the whole suite on a fresh machine. Installs Debian chromium when missing (and
// allowed), provides PostgreSQL/NATS/Redis (from the environment's URLs, throwaway containers when
// Docker answers, else the local servers, embedded when none run), builds the front ends once,
// type-checks, lints (Biome and the layering rule), runs unit + integration tests, then the browser journeys against a real stack,
// and ends with one 'N passed, N failed' line.
// `npm run test:unit` and `npm run test:e2e` run one half alone with what it needs (tools,
// infrastructure, built front ends; no type-check or lint); files after `--` narrow the run.
import './lib/require-node.js' // first: stops on a Node older than 24 before anything else loads
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CHROMIUM_PATH } from '../libs/testing/src/browser.js'
import { chooseInfraSources, dockerEngineAnswers, INFRA, startInfraContainers } from '../libs/testing/src/infra.js'
import { ensureDebianPackages, onPath } from './lib/apt.js'
import { buildFrontends } from './lib/build.js'
import { ensureInfra } from './lib/infra.js'
import { ensureSpeechTools } from './lib/speech-tools.js'
import { root } from './lib/stack.js'

const started = Date.now()
const [mode, ...filters] = process.argv.slice(2)
if (mode !== undefined && mode !== 'unit' && mode !== 'e2e') {
  console.error(`Unknown part '${mode}': npm test runs everything; npm run test:unit or npm run test:e2e (-- <files>) runs one half.`)
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

/**
 * One vitest run; resolves with its tally from the JSON report. `logTo`: its output goes to that
 * file (printed by the caller when it ends) instead of the terminal, so two runs side by side do
 * not interleave their lines.
 */
function runVitest(config: string, report: string, extraEnv: Record<string, string>, logTo?: string, filters: string[] = []): Promise<Tally> {
  const reportPath = join(out, report)
  const log = logTo ? openSync(logTo, 'w') : null
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      config,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportPath}`,
      ...filters,
    ],
    { cwd: root, stdio: log === null ? 'inherit' : ['ignore', log, log], env: { ...process.env, ...extraEnv, ...(log === null ? {} : { FORCE_COLOR: '1' }) } },
  )
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (log !== null) closeSync(log)
      if (!existsSync(reportPath)) return resolve({ passed: 0, failed: 1 })
      const json = JSON.parse(readFileSync(reportPath, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number }
      const failed = json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? Math.max(1, json.numFailedTestSuites) : 0)
      resolve({ passed: json.numPassedTests, failed })
    })
  })
}

/** `npm run typecheck`: three programs (Node side, browser side, browser journeys), TypeScript 7's native compiler. */
function typecheck(): Tally {
  const r = spawnSync('npm', ['run', '--silent', 'typecheck'], { cwd: root, stdio: 'inherit' })
  return r.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }
}

/** `npm run lint`: Biome's formatter, import order and linter (hooks, a11y), then the layering (lint/layers.ts). */
function lint(): Tally {
  const r = spawnSync('npm', ['run', '--silent', 'lint'], { cwd: root, stdio: 'inherit' })
  return r.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }
}

ensureChromium()
ensureSpeechTools(step)
;(await import('./lib/prometheus-tools.js')).ensurePrometheusTools(step) // promtool and amtool, for the alerting tests
step('PostgreSQL, NATS and Redis')
const infra = await provideInfra()
const env = { DATABASE_URL: infra.databaseUrl.replace(/\/[^/]*$/, '/postgres'), NATS_URL: infra.natsUrl, REDIS_URL: infra.redisUrl }
step('Building the front ends')
buildFrontends()

/** `test:unit` / `test:e2e`: one vitest config alone, then the same closing line. */
async function runOne(kind: 'unit' | 'e2e', filters: string[]): Promise<never> {
  step(kind === 'unit' ? 'Unit and integration tests' : 'Browser journeys (real stack + chromium)')
  const tally = await runVitest(kind === 'unit' ? 'vitest.config.ts' : 'vitest.e2e.config.ts', `${kind}-report.json`, env, undefined, filters)
  await infra.stop()
  console.log(
    `\n${kind === 'unit' ? 'unit+integration' : 'browser'} ${tally.passed}/${tally.passed + tally.failed}; ${Math.round((Date.now() - started) / 1000)} s`,
  )
  console.log(`${tally.passed} passed, ${tally.failed} failed`)
  process.exit(tally.failed ? 1 : 0)
}
if (only) await runOne(only, filters)

step('Type-checking every package')
const types = typecheck()
step('Linting (biome check, lint/layers.ts)')
const linted = lint()
// The browser journeys spend much of their time waiting on pages and timers, so they run beside
// the unit and integration tests rather than after them (about a third off the suite's time on
// this 2-core machine). Their output goes to a file and is printed when they end.
step('Unit and integration tests, and beside them the browser journeys (real stack + chromium)')
const e2eLog = join(out, 'e2e.log')
const journeys = runVitest('vitest.e2e.config.ts', 'e2e-report.json', env, e2eLog)
const unit = await runVitest('vitest.config.ts', 'unit-report.json', env)
const e2e = await journeys
step('Browser journeys (their output)')
process.stdout.write(readFileSync(e2eLog))
await infra.stop()

const passed = types.passed + linted.passed + unit.passed + e2e.passed
const failed = types.failed + linted.failed + unit.failed + e2e.failed
console.log(
  `\ntype-check ${types.failed ? 'failed' : 'passed'}; lint ${linted.failed ? 'failed' : 'passed'}; unit+integration ${unit.passed}/${unit.passed + unit.failed}; browser ${e2e.passed}/${e2e.passed + e2e.failed}; ${Math.round((Date.now() - started) / 1000)} s`,
)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
