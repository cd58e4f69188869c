// Builds one back-end service into dist/<service>/, the folder its image runs (deploy/docker/service.Dockerfile):
//   src/main.js (+ chunks)   the service and the workspace libraries it uses, bundled by esbuild
//   src/migrate.js           applies its migrations and exits (the Kubernetes init container)
//   src/bin/*.js             its one-off commands, if any (auth: create-admin, the first platform admin)
//   prisma/migrations        applied at start-up (main.ts finds them at ../prisma/migrations)
//   package.json             the npm packages the bundle imports, at the versions the repository locked
//   package-lock.json        the repository's package-lock.json cut to those packages and their dependencies
//   node_modules             those packages only, installed with npm ci --omit=dev (nothing resolved anew)
// Usage: npx tsx scripts/build-service.ts <service> [--no-install]
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { build, type Metafile, type PluginBuild } from 'esbuild'
import { prunedLockfile, readLockfile } from './lib/pruned-lock.js'

const root = join(import.meta.dirname, '..')

/** The npm package a bare import names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier))

/** The packages the bundle still imports at run time (everything but node's own modules and the workspace's). */
function externalPackages(metafiles: Metafile[]): string[] {
  const imported = metafiles.flatMap((m) => Object.values(m.outputs)).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path))
  return [...new Set(imported.filter((path) => !isBuiltin(path)).map(packageOf))].sort()
}

/**
 * @prisma/client ships a query compiler for every database it supports (~10 MB each); the generated
 * clients here are PostgreSQL-only (services/<service>/prisma/schema.prisma), so the others go.
 */
function pruneOtherDatabases(out: string) {
  const runtime = join(out, 'node_modules', '@prisma', 'client', 'runtime')
  if (!existsSync(runtime)) return
  for (const file of readdirSync(runtime)) if (/\.(cockroachdb|mysql|sqlite|sqlserver)\./.test(file)) rmSync(join(runtime, file))
}

/** The npm-package resolver shared by both bundles: workspace libraries are bundled, npm packages stay packages. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b: PluginBuild) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@plumbline/') ? undefined : { path: args.path, external: true }))
  },
}

/**
 * src/migrate.js: the service's migrate entry point (services/<service>/src/migrate.ts: applies its
 * migrations and exits, the same code and advisory lock the service runs at start-up), so a
 * Kubernetes init container can migrate before the new pod starts. Every service with migrations
 * has one; its schema must be the one main.ts names.
 */
async function buildMigrate(service: string, serviceDir: string, out: string): Promise<Metafile> {
  const entry = join(serviceDir, 'src', 'migrate.ts')
  if (!existsSync(entry)) throw new Error(`services/${service} has migrations but no src/migrate.ts (the init container's entry point)`)
  const schemaOf = (file: string) => /schema: '([a-z_]+)'/.exec(readFileSync(join(serviceDir, 'src', file), 'utf8'))?.[1]
  if (schemaOf('migrate.ts') !== schemaOf('main.ts')) throw new Error(`services/${service}: migrate.ts and main.ts name different schemas`)
  const result = await build({
    entryPoints: [entry],
    outfile: join(out, 'src', 'migrate.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    metafile: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  })
  return result.metafile
}

export async function buildService(service: string, opts: { install?: boolean; outDir?: string } = {}): Promise<string> {
  const serviceDir = join(root, 'services', service)
  if (!existsSync(join(serviceDir, 'src', 'main.ts'))) throw new Error(`no service ${service} (services/${service}/src/main.ts)`)
  const out = opts.outDir ?? join(root, 'dist', service)
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })

  // src/bin/*.ts: one-off commands run with the service's image (auth's create-admin), built beside main.
  const binDir = join(serviceDir, 'src', 'bin')
  const bins = existsSync(binDir) ? readdirSync(binDir).filter((f) => f.endsWith('.ts')) : []
  const result = await build({
    entryPoints: { main: join(serviceDir, 'src', 'main.ts'), ...Object.fromEntries(bins.map((f) => [`bin/${f.slice(0, -3)}`, join(binDir, f)])) },
    outdir: join(out, 'src'),
    bundle: true,
    // Chunks keep main.ts's dynamic imports lazy: telemetry starts before express and pg load.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Workspace libraries (TypeScript sources) are bundled; npm packages stay packages.
    plugins: [npmPackagesExternal],
  })

  const metafiles = [result.metafile]
  const migrations = join(serviceDir, 'prisma', 'migrations')
  if (existsSync(migrations)) {
    cpSync(migrations, join(out, 'prisma', 'migrations'), { recursive: true })
    metafiles.push(await buildMigrate(service, serviceDir, out))
  }

  // The repository's lock, cut to what the bundle imports: npm ci installs exactly those versions.
  const name = `@plumbline/${service}-dist`
  const lock = prunedLockfile({ lock: readLockfile(root), workspace: `services/${service}`, name, direct: externalPackages(metafiles) })
  const dependencies = lock.packages[''].dependencies
  const manifest = { name, private: true, type: 'module', engines: { node: '>=24' }, dependencies }
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  writeFileSync(join(out, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`)
  if (opts.install !== false) {
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: out, stdio: 'inherit' })
    pruneOtherDatabases(out)
  }
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [service, ...flags] = process.argv.slice(2)
  if (!service) {
    console.error('usage: tsx scripts/build-service.ts <service> [--no-install]')
    process.exit(2)
  }
  const out = await buildService(service, { install: !flags.includes('--no-install') })
  console.log(`built ${service} into ${out}`)
}
