// `npm run release`: builds every image from this commit (deploy/docker/*.Dockerfile, which install
// from the lock with npm ci), tags each with the commit, pushes them (--push) and sets each one's
// line of the overlays' `images:` to that tag, so `kubectl apply -k deploy/k8s/overlays/<overlay>`
// then rolls out exactly what was built.
//
//   npm run release                                  every service and remote, every overlay
//   npm run release -- --only estimates              one image (its one line in each overlay)
//   npm run release -- --only gateway,remote-admin --overlay production --push
//   npm run release -- --dry-run                     prints the docker commands, writes the overlays
//   npm run release -- --first-release               when no overlay's image has been built yet
//
// The gateway and the remotes are built with the image the first overlay runs now as
// PREVIOUS_IMAGE: each carries that release's hashed assets, so a tab opened before the rollout
// still finds its chunks after it.
// The registry of an image is the one its overlay line names (newName); a release never changes it.
// Without --dry-run the work tree must be clean (an image is named after the commit it was built
// from) and every service with migrations must have its migrate entry point (src/migrate.ts), which
// its init container runs. libs/testing/test/deploy/release.test.ts runs the dry run.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const root = join(import.meta.dirname, '..')

export type Image = { name: string; dockerfile: string; buildArg: string }

/** Every image a release builds: one per back-end service, one per remote (the shell ships in the gateway's). */
export function releaseImages(base = root): Image[] {
  const dirs = (dir: string) =>
    readdirSync(join(base, dir), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
  const services = dirs('services').filter((s) => existsSync(join(base, 'services', s, 'src', 'main.ts')))
  const remotes = dirs('frontends').filter((f) => f !== 'shell' && existsSync(join(base, 'frontends', f, 'package.json')))
  return [
    ...services.map((s) => ({ name: s, dockerfile: 'deploy/docker/service.Dockerfile', buildArg: `SERVICE=${s}` })),
    ...remotes.map((r) => ({ name: `remote-${r}`, dockerfile: 'deploy/docker/frontend.Dockerfile', buildArg: `APP=${r}` })),
  ]
}

/** The services whose image runs a migrate init container (those with migrations): their entry point must exist at the commit. */
export function servicesWithMigrations(base = root): string[] {
  return readdirSync(join(base, 'services')).filter((s) => existsSync(join(base, 'services', s, 'prisma', 'migrations')))
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()

/** The paths under services/ a commit holds (empty when git does not know the commit). */
export function filesAt(commit: string): Set<string> {
  const r = spawnSync('git', ['ls-tree', '-r', '--name-only', `${commit}^{commit}`, '--', 'services'], { cwd: root, encoding: 'utf8' })
  return new Set(r.status === 0 ? r.stdout.split('\n').filter(Boolean) : [])
}

/** What is wrong with deploying images built from `commit` (a commit git does not know, a missing migrate entry point). */
export function commitProblems(commit: string, services = servicesWithMigrations()): string[] {
  const files = filesAt(commit)
  if (files.size === 0) return [`${commit} is not a commit of this repository`]
  return services
    .filter((s) => !files.has(`services/${s}/src/migrate.ts`))
    .map((s) => `${commit} has no services/${s}/src/migrate.ts (its init container would fail)`)
}

/** One `images:` line of an overlay: `- { name: plumbline/<image>, newName: <registry>/<image>, newTag: <tag> }`. */
const imageLine = (image: string) => new RegExp(`^(\\s*- \\{ name: plumbline/${image}, newName: )([^,]+)(, newTag: )([^ }]+)( \\}.*)$`, 'm')

/** The overlay's image name and tag for an image, read from its one line. */
export function overlayImage(kustomization: string, image: string): { newName: string; newTag: string } | undefined {
  const match = imageLine(image).exec(kustomization)
  return match ? { newName: match[2], newTag: match[4] } : undefined
}

/** The kustomization with that image's line set to `tag` (only that line changes). */
export function setOverlayTag(kustomization: string, image: string, tag: string): string {
  if (!imageLine(image).test(kustomization)) throw new Error(`the overlay has no images: line for plumbline/${image}`)
  return kustomization.replace(imageLine(image), (_all, a, name, b, _tag, rest) => `${a}${name}${b}${tag}${rest}`)
}

export type ReleasePlan = { tag: string; commands: string[][]; overlays: Record<string, string> }

/** Images that carry the previous release's hashed assets, so tabs opened before a deploy keep working. */
const carriesPreviousAssets = (image: string) => image === 'gateway' || image.startsWith('remote-')

/**
 * The docker commands and the new overlay files of a release (nothing run, nothing written).
 * `firstRelease`: no image runs yet, so none is handed to the build as the previous release.
 */
export function planRelease(opts: {
  tag: string
  only?: string[]
  overlays: string[]
  overlaysDir: string
  push: boolean
  firstRelease?: boolean
}): ReleasePlan {
  const all = releaseImages()
  const unknown = (opts.only ?? []).filter((name) => !all.some((i) => i.name === name))
  if (unknown.length) throw new Error(`not an image of this repository: ${unknown.join(', ')} (images: ${all.map((i) => i.name).join(', ')})`)
  const chosen = opts.only?.length ? all.filter((i) => opts.only?.includes(i.name)) : all
  const files = Object.fromEntries(opts.overlays.map((o) => [o, readFileSync(join(opts.overlaysDir, o, 'kustomization.yaml'), 'utf8')]))
  const commands: string[][] = []
  for (const image of chosen) {
    // Each overlay's registry for the image; normally one, built once and tagged for each.
    const targets = [...new Set(opts.overlays.map((o) => overlayImage(files[o], image.name)?.newName ?? `registry.example.com/plumbline/${image.name}`))]
    const refs = targets.map((name) => `${name}:${opts.tag}`)
    // The image the first overlay runs now is the release before this one.
    const running = overlayImage(files[opts.overlays[0] ?? ''] ?? '', image.name)
    const previous =
      !opts.firstRelease && carriesPreviousAssets(image.name) && running && running.newTag !== opts.tag
        ? ['--build-arg', `PREVIOUS_IMAGE=${running.newName}:${running.newTag}`]
        : []
    commands.push(['docker', 'build', '-f', image.dockerfile, '--build-arg', image.buildArg, ...previous, ...refs.flatMap((r) => ['-t', r]), '.'])
    if (opts.push) for (const ref of refs) commands.push(['docker', 'push', ref])
    for (const overlay of opts.overlays) files[overlay] = setOverlayTag(files[overlay], image.name, opts.tag)
  }
  return { tag: opts.tag, commands, overlays: files }
}

function main() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      overlay: { type: 'string', multiple: true },
      'overlays-dir': { type: 'string' },
      push: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      'first-release': { type: 'boolean', default: false },
    },
  })
  const overlaysDir = values['overlays-dir'] ?? join(root, 'deploy/k8s/overlays')
  const overlays = values.overlay?.length ? values.overlay : readdirSync(overlaysDir).filter((o) => existsSync(join(overlaysDir, o, 'kustomization.yaml')))
  const only = values.only?.flatMap((o) => o.split(',')).filter(Boolean)
  const dryRun = values['dry-run']
  const tag = git('rev-parse', '--short=12', 'HEAD')
  const dirty = git('status', '--porcelain', '--untracked-files=no')
  if (dirty && !dryRun) {
    console.error(`The work tree has uncommitted changes: images named ${tag} would not be what commit ${tag} holds. Commit first.\n${dirty}`)
    process.exit(1)
  }
  if (dirty) console.warn(`(dry run) uncommitted changes: a real release from here would be refused`)
  const problems = commitProblems(tag)
  if (problems.length) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
  const plan = planRelease({ tag, only, overlays, overlaysDir, push: values.push, firstRelease: values['first-release'] })
  for (const command of plan.commands) {
    console.log(command.join(' '))
    if (dryRun) continue
    const r = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) {
      console.error(`failed: ${command.join(' ')} (no overlay was changed)`)
      process.exit(1)
    }
  }
  for (const [overlay, text] of Object.entries(plan.overlays)) {
    writeFileSync(join(overlaysDir, overlay, 'kustomization.yaml'), text)
    console.log(`set ${overlay}: ${only?.length ? only.join(', ') : 'every image'} → ${tag}`)
  }
  if (!values.push && !dryRun) console.log('Built locally; run again with --push to push them to the registry before applying the overlays.')
}

if (process.argv[1] === import.meta.filename) main()
