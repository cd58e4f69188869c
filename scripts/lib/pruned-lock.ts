// The lockfile of a built service (dist/<service>/package-lock.json): the repository's own
// package-lock.json cut down to the packages the bundle imports and everything they depend on, each
// entry copied as the repository locked it (version, integrity), so `npm ci` in the image installs
// exactly what the repository tested and nothing is resolved again at build time.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

type LockEntry = {
  version?: string
  resolved?: string
  integrity?: string
  link?: boolean
  dev?: boolean
  devOptional?: boolean
  optional?: boolean
  peer?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  [key: string]: unknown
}
export type Lockfile = { name?: string; lockfileVersion: number; requires?: boolean; packages: Record<string, LockEntry> }

const parentDirs = (path: string): string[] => {
  const dirs: string[] = []
  let dir = path
  for (;;) {
    dirs.push(dir)
    if (dir === '') return dirs
    const cut = dir.lastIndexOf('/')
    dir = cut < 0 ? '' : dir.slice(0, cut)
  }
}

/** Where Node finds `dep` from a package at `from` (a lockfile path): the nearest node_modules/<dep> up the tree. */
function resolveIn(packages: Record<string, LockEntry>, from: string, dep: string): string | undefined {
  for (const dir of parentDirs(from)) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${dep}`
    if (packages[candidate]) return candidate
  }
  return undefined
}

/** What npm installs for a package: its dependencies, its optional ones where they exist, and its peers unless optional. */
const edges = (entry: LockEntry) => [
  ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
  ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
  ...Object.keys(entry.peerDependencies ?? {})
    .filter((name) => entry.peerDependenciesMeta?.[name]?.optional !== true)
    .map((name) => ({ name, optional: false })),
]

/**
 * The lockfile for a folder whose package.json lists `direct` (the packages a bundle imports),
 * taken from the workspace lock as resolved for `workspace` (e.g. services/meetings). Throws when a
 * package the closure needs is not in the lock, or when the flattened tree would resolve a
 * dependency to another version than the repository's tree does.
 */
export function prunedLockfile(opts: { lock: Lockfile; workspace: string; name: string; direct: string[] }): Lockfile {
  const source = opts.lock.packages
  const placed = new Map<string, string>() // dist path → source path
  const out: Record<string, LockEntry> = {}
  const pending: { distPath: string; sourcePath: string }[] = []

  const place = (sourcePath: string, distParent: string, name: string) => {
    // Hoisted to the top unless another version already sits there: then beside the package that needs it.
    for (const distPath of [`node_modules/${name}`, `${distParent ? `${distParent}/` : ''}node_modules/${name}`]) {
      const there = placed.get(distPath)
      if (there === sourcePath) return
      if (there === undefined) {
        placed.set(distPath, sourcePath)
        pending.push({ distPath, sourcePath })
        return
      }
    }
    throw new Error(`cannot place ${sourcePath} under ${distParent}`)
  }

  for (const name of opts.direct) {
    const sourcePath = resolveIn(source, opts.workspace, name)
    if (!sourcePath || source[sourcePath].link) throw new Error(`${name} is not in package-lock.json for ${opts.workspace}`)
    place(sourcePath, '', name)
  }
  while (pending.length) {
    const { distPath, sourcePath } = pending.shift() as { distPath: string; sourcePath: string }
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = source[sourcePath]
    out[distPath] = entry
    for (const edge of edges(source[sourcePath])) {
      const found = resolveIn(source, sourcePath, edge.name)
      if (!found) {
        if (edge.optional) continue
        throw new Error(`${edge.name}, needed by ${sourcePath}, is not in package-lock.json`)
      }
      place(found, distPath, edge.name)
    }
  }

  // The flattened tree must resolve every dependency to the package the repository's tree does.
  for (const [distPath, sourcePath] of placed) {
    for (const edge of edges(source[sourcePath])) {
      const want = resolveIn(source, sourcePath, edge.name)
      const got = resolveIn(out, distPath, edge.name)
      if (want && (!got || placed.get(got) !== want)) throw new Error(`${distPath} would load ${got ?? 'nothing'} for ${edge.name}, not ${want}`)
    }
  }

  const dependencies = Object.fromEntries(opts.direct.map((name) => [name, out[`node_modules/${name}`].version as string]))
  const sorted = Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((path) => [path, out[path]]),
  )
  return {
    name: opts.name,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name: opts.name, dependencies }, ...sorted },
  }
}

export const readLockfile = (root: string): Lockfile => JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile
