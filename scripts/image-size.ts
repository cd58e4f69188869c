// Prints what each service image adds to its base (node:24-bookworm-slim): the bundle, its
// migrations and its production node_modules, as scripts/build-service.ts builds them into dist/.
// Usage: npx tsx scripts/image-size.ts [--no-build]   (builds every service first unless told not to)
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { buildService } from './build-service.ts'

const root = join(import.meta.dirname, '..')

function bytesIn(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, entry) => sum + bytesIn(join(path, entry)), 0)
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`.padStart(9)

const services = readdirSync(join(root, 'services')).sort()
const build = !process.argv.includes('--no-build')
console.log(`${'service'.padEnd(10)} ${'bundle'.padStart(9)} ${'packages'.padStart(9)} ${'total'.padStart(9)}`)
for (const service of services) {
  const out = join(root, 'dist', service)
  if (build) await buildService(service)
  if (!existsSync(out)) {
    console.log(`${service.padEnd(10)} not built`)
    continue
  }
  const modules = existsSync(join(out, 'node_modules')) ? bytesIn(join(out, 'node_modules')) : 0
  const total = bytesIn(out)
  console.log(`${service.padEnd(10)} ${mb(total - modules)} ${mb(modules)} ${mb(total)}`)
}
console.log('each on top of node:24-bookworm-slim (about 200 MB unpacked); the gateway adds the shell build (frontends/shell/dist)')
