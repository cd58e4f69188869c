// `npm run deps:report`: sums package-lock.json and the installed node_modules: how many packages
// the lock holds and how many this machine installed, the names locked at more than one version
// (and how many copies that makes), and the install size on disk, all and production only, with
// the largest packages. `-- --all` lists every duplicated name with its versions and where each sits.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

type LockEntry = { version?: string; link?: boolean; dev?: boolean; devOptional?: boolean; optional?: boolean }
const root = join(import.meta.dirname, '..')
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }

/** The package name of a lock path: the part after its last node_modules/. */
export const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)

/** Bytes of the files under `dir`, not following links and leaving nested node_modules to their own entries. */
function bytesIn(dir: string): number {
  let sum = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' && entry.isDirectory()) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) sum += bytesIn(path)
    else sum += lstatSync(path).size
  }
  return sum
}

const entries = Object.entries(lock.packages).filter(([path, entry]) => path.includes('node_modules/') && !entry.link)
const installed = entries.filter(([path]) => existsSync(join(root, path, 'package.json')))
const sizes = new Map(installed.map(([path]) => [path, bytesIn(join(root, path))]))
const production = installed.filter(([, entry]) => !entry.dev && !entry.devOptional)

const versions = new Map<string, Map<string, string[]>>()
for (const [path, entry] of entries) {
  const byVersion = versions.get(nameOf(path)) ?? new Map<string, string[]>()
  byVersion.set(entry.version ?? '?', [...(byVersion.get(entry.version ?? '?') ?? []), path])
  versions.set(nameOf(path), byVersion)
}
const duplicated = [...versions].filter(([, byVersion]) => byVersion.size > 1).sort(([a], [b]) => a.localeCompare(b))
const copiesOf = (byVersion: Map<string, string[]>) => [...byVersion.values()].reduce((n, paths) => n + paths.length, 0)
const nested = entries.filter(([path]) => path.lastIndexOf('node_modules/') > 0)

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
const total = (list: [string, LockEntry][]) => list.reduce((sum, [path]) => sum + (sizes.get(path) ?? 0), 0)

console.log('package-lock.json')
console.log(
  `  packages locked            ${entries.length} (${new Set(entries.map(([p]) => nameOf(p))).size} names; ${nested.length} nested below another package)`,
)
console.log(`  installed here             ${installed.length} (${production.length} production)`)
console.log(`  names at >1 version        ${duplicated.length} (${duplicated.reduce((n, [, v]) => n + copiesOf(v), 0)} copies of them in all)`)
console.log(`  copies beyond one per name ${entries.length - versions.size}`)
console.log('node_modules on disk (file bytes, every installed package once)')
console.log(`  all                        ${mb(total(installed))}`)
console.log(`  production only            ${mb(total(production))}`)
console.log('largest packages')
for (const [path, bytes] of [...sizes].sort(([, a], [, b]) => b - a).slice(0, 12)) console.log(`  ${mb(bytes).padStart(9)}  ${nameOf(path)}`)
console.log('duplicated names (versions × copies)')
const all = process.argv.includes('--all')
for (const [name, byVersion] of duplicated) {
  const summary = [...byVersion].map(([version, paths]) => (paths.length > 1 ? `${version} ×${paths.length}` : version)).join(', ')
  console.log(`  ${name}: ${summary}`)
  if (all) for (const paths of byVersion.values()) for (const path of paths) console.log(`      ${path}`)
}
