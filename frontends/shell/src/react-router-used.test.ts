/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REMOTE_NAMES } from '@plumbline/contracts/remotes'
import { describe, expect, it } from 'vitest'

// The build gives every app the subset of react-router listed in frontends/react-router-used.ts
// (rsbuild.shared.ts aliases the package to it). A name used in app code but missing there would
// be undefined at run time, so this reads every front end's and lib's sources for the names.

const frontends = join(import.meta.dirname, '..', '..')
const sourceDirs = [
  ...['shell', ...REMOTE_NAMES].map((app) => join(frontends, app, 'src')),
  ...['ui', 'web'].map((lib) => join(frontends, '..', 'libs', lib, 'src')),
]

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sources(path)
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path
  }
}

function importedNames(code: string): string[] {
  return [...code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router'/g)]
    .filter((m) => !m[1])
    .flatMap((m) => m[2]!.split(','))
    .map((n) => n.trim())
    .filter((n) => n && !n.startsWith('type '))
    .map((n) => n.split(/\s+as\s+/)[0]!.trim())
}

describe('the react-router subset the apps share', () => {
  it('lists every name the apps import', () => {
    const listed = readFileSync(join(frontends, 'react-router-used.ts'), 'utf8')
    const exported = new Set(
      /export \{([^}]*)\}/
        .exec(listed)![1]!
        .split(',')
        .map((n) => n.trim()),
    )
    const used = new Set(sourceDirs.flatMap((dir) => [...sources(dir)].flatMap((f) => importedNames(readFileSync(f, 'utf8')))))
    expect(used.size).toBeGreaterThan(5)
    expect([...used].filter((n) => !exported.has(n))).toEqual([])
    // No namespace or default import, which would need the whole package.
    for (const dir of sourceDirs)
      for (const f of sources(dir)) expect(readFileSync(f, 'utf8'), f).not.toMatch(/import\s+(\*\s+as\s+\w+|\w+)\s+from\s+'react-router'/)
  })
})
