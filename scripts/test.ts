// `npm test`: the whole suite on a fresh machine. Installs Debian chromium when missing (and
// allowed), provides PostgreSQL/NATS/Redis (shared or embedded), builds the front ends once,
// type-checks, runs unit + integration tests, then the browser journeys against a real stack,
// and ends with one 'N passed, N failed' line.
import './lib/require-node.js' // first: stops on a Node older than 24 before anything else loads
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureInfra } from './lib/infra.js'
import { buildFrontends } from './lib/build.js'
import { root } from './lib/stack.js'
import { CHROMIUM_PATH } from '../libs/testing/src/browser.js'

const started = Date.now()
const out = join(root, 'test-output')
mkdirSync(out, { recursive: true })
const step = (m: string) => console.log(`\n\x1b[36m▸\x1b[0m ${m} (${Math.round((Date.now() - started) / 1000)} s)`)

function ensureChromium() {
  // poppler-utils: the documents service's PDF tests read PDFs with pdftotext/pdftoppm;
  // openssl makes the throwaway certificate of its local https test server.
  if (existsSync(CHROMIUM_PATH) && existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/openssl')) return
  const isRoot = process.getuid?.() === 0
  const apt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
  if (!isRoot || !apt) {
    console.error(`Chromium is missing at ${CHROMIUM_PATH}. Install it with:\n\n  sudo apt-get install -y chromium\n\nor set CHROMIUM_PATH.`)
    process.exit(1)
  }
  step('Installing Debian chromium (apt-get)')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation', 'poppler-utils', 'openssl'], { stdio: 'inherit', env })
  if (r.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error('Installing chromium failed; the browser tests cannot run.')
    process.exit(1)
  }
}

type Tally = { passed: number; failed: number }
function runVitest(config: string, report: string, extraEnv: Record<string, string>): Tally {
  const reportPath = join(out, report)
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv },
    },
  )
  if (!existsSync(reportPath)) return { passed: 0, failed: 1 }
  const json = JSON.parse(readFileSync(reportPath, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number }
  const failed = json.numFailedTests + (r.status !== 0 && json.numFailedTests === 0 ? Math.max(1, json.numFailedTestSuites) : 0)
  return { passed: json.numPassedTests, failed }
}

function typecheck(): Tally {
  const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' }
  const bin = (name: string) => join(root, 'node_modules', '.bin', name)
  const packages = spawnSync(bin('turbo'), ['run', 'typecheck', '--output-logs=errors-only', '--continue'], { cwd: root, stdio: 'inherit', env })
  const scripts = spawnSync(bin('tsc'), ['--noEmit', '-p', 'scripts'], { cwd: root, stdio: 'inherit', env })
  const journeys = spawnSync(bin('tsc'), ['--noEmit', '-p', 'frontends/tsconfig.e2e.json'], { cwd: root, stdio: 'inherit', env })
  return [packages, scripts, journeys].every((r) => r.status === 0) ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }
}

ensureChromium()
step('Checking PostgreSQL, NATS and Redis')
const infra = await ensureInfra((m) => console.log(`  ${m}`))
const env = { DATABASE_URL: infra.databaseUrl.replace(/\/[^/]*$/, '/postgres'), NATS_URL: infra.natsUrl, REDIS_URL: infra.redisUrl }
step('Building the front ends')
buildFrontends()
step('Type-checking every package')
const types = typecheck()
step('Unit and integration tests')
const unit = runVitest('vitest.config.ts', 'unit-report.json', env)
step('Browser journeys (real stack + chromium)')
const e2e = runVitest('vitest.e2e.config.ts', 'e2e-report.json', env)
await infra.stop()

const passed = types.passed + unit.passed + e2e.passed
const failed = types.failed + unit.failed + e2e.failed
console.log(
  `\ntype-check ${types.failed ? 'failed' : 'passed'}; unit+integration ${unit.passed}/${unit.passed + unit.failed}; browser ${e2e.passed}/${e2e.passed + e2e.failed}; ${Math.round((Date.now() - started) / 1000)} s`,
)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
