// promtool and amtool, which the alerting tests run (libs/testing/test/deploy/alerts.test.ts), and
// prometheus itself, which admin's monitoring test scrapes a service with: from
// Debian's `prometheus` and `prometheus-alertmanager` packages. Installing those would also start a
// Prometheus and an Alertmanager daemon, so only the two static binaries are taken out of the .deb
// files (apt-get download, dpkg-deb) into node_modules/.cache; a promtool/amtool on PATH is used as is.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onPath } from './apt.js'

const root = join(import.meta.dirname, '..', '..')
export const PROMETHEUS_TOOLS_DIR = join(root, 'node_modules', '.cache', 'prometheus-tools')

const TOOLS = { promtool: 'prometheus', amtool: 'prometheus-alertmanager', prometheus: 'prometheus' } as const
export type PrometheusTool = keyof typeof TOOLS

/** The tool's path: on PATH, else extracted before; undefined when neither. */
export function prometheusTool(tool: PrometheusTool): string | undefined {
  const extracted = join(PROMETHEUS_TOOLS_DIR, tool)
  if (existsSync(extracted)) return extracted
  return onPath(tool) ? tool : undefined
}

const installLine = `sudo apt-get install -y ${[...new Set(Object.values(TOOLS))].join(' ')}`

function download(pkg: string, into: string): string {
  const attempt = () => spawnSync('apt-get', ['download', '-qq', pkg], { cwd: into, encoding: 'utf8' })
  let result = attempt()
  if (result.status !== 0) {
    // No package lists yet (a fresh machine): read them once, then try again.
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    result = attempt()
  }
  const deb = readdirSync(into).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'))
  if (result.status !== 0 || !deb) throw new Error(`apt-get download ${pkg} failed: ${result.stderr}`)
  return join(into, deb)
}

/** Makes promtool and amtool available (extracting them from Debian's packages); throws naming the install line when it cannot. */
export function installPrometheusTools(log: (m: string) => void = console.log): Record<PrometheusTool, string> {
  const missing = (Object.keys(TOOLS) as PrometheusTool[]).filter((tool) => !prometheusTool(tool))
  if (missing.length) {
    if (!onPath('apt-get') || !onPath('dpkg-deb')) throw new Error(`Not installed: ${missing.join(', ')}. Install them with:\n\n  ${installLine}\n`)
    log(`Extracting ${missing.join(', ')} from Debian's ${missing.map((t) => TOOLS[t]).join(', ')} (apt-get download)`)
    mkdirSync(PROMETHEUS_TOOLS_DIR, { recursive: true })
    const scratch = mkdtempSync(join(tmpdir(), 'prometheus-tools-'))
    try {
      const debs = new Map<string, string>()
      for (const tool of missing) {
        const into = join(scratch, TOOLS[tool])
        if (!debs.has(TOOLS[tool])) {
          debs.set(TOOLS[tool], into)
          execFileSync('dpkg-deb', ['-x', download(TOOLS[tool], scratch), into])
        }
        copyFileSync(join(into, 'usr', 'bin', tool), join(PROMETHEUS_TOOLS_DIR, tool))
        chmodSync(join(PROMETHEUS_TOOLS_DIR, tool), 0o755)
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  }
  return Object.fromEntries((Object.keys(TOOLS) as PrometheusTool[]).map((tool) => [tool, prometheusTool(tool) as string])) as Record<PrometheusTool, string>
}

/** For scripts/test.ts: as installPrometheusTools, but stops with the message instead of throwing. */
export function ensurePrometheusTools(log: (m: string) => void = console.log): void {
  try {
    installPrometheusTools(log)
  } catch (err) {
    console.error(`\n${(err as Error).message}`)
    process.exit(1)
  }
}
