import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { floors, importsOf, violations } from '../../../lint/layers.ts'

// The React hooks and code-splitting rules of biome.json, run by the real biome on probe files laid out
// like the repo in a temporary folder (so nothing is written into the tree other engineers lint), and
// the layering rule (lint/layers.ts) on probe imports.
const root = join(import.meta.dirname, '..', '..', '..')
const biome = join(root, 'node_modules', '.bin', 'biome')

const probes: Record<string, string> = {
  'frontends/share/src/effect-misses-a-dependency.tsx': [
    `import { useEffect } from 'react'`,
    `export function Title({ title }: { title: string }) {`,
    `  useEffect(() => {`,
    `    document.title = title`,
    `  }, [])`,
    `  return null`,
    `}`,
    ``,
  ].join('\n'),
  'frontends/share/src/react-lazy.tsx': `import * as React from 'react'\nexport const Page = React.lazy(() => import('./page'))\n`,
  'frontends/share/src/lazy-from-react.tsx': `import { lazy } from 'react'\nexport const Page = lazy(() => import('./page'))\n`,
  'frontends/share/src/a-function-named-lazy.tsx': `const lazy = (f: () => unknown) => f\nexport const Page = lazy(() => import('./page'))\n`,
  'frontends/share/src/hook-in-a-condition.tsx': [
    `import { useState } from 'react'`,
    `export function Maybe({ on }: { on: boolean }) {`,
    `  if (on) useState(0)`,
    `  return null`,
    `}`,
    ``,
  ].join('\n'),
}

type Diagnostic = { category: string; location: { path: string } }
let dir: string
let diagnostics: Diagnostic[]

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lint-rules-'))
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as Record<string, unknown>
  delete config.$schema
  writeFileSync(join(dir, 'biome.json'), JSON.stringify({ ...config, vcs: { enabled: false } }))
  for (const plugin of (config.plugins as string[] | undefined) ?? []) cpSync(join(root, plugin), join(dir, plugin))
  for (const [path, text] of Object.entries(probes)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  // biome exits 1 when it finds errors, which is what most probes are for.
  let out: string
  try {
    out = execFileSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  } catch (error) {
    out = (error as { stdout: string }).stdout
  }
  diagnostics = (JSON.parse(out) as { diagnostics: Diagnostic[] }).diagnostics
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const rulesFiredOn = (path: string) => diagnostics.filter((d) => d.location.path.endsWith(path)).map((d) => d.category)

/** A probe file's text: importing `specifier` (built here, so this file's own imports stay its own). */
const importing = (specifier: string) => ['import', '{ x }', 'from', `'${specifier}'`].join(' ')
const SERVICES = ['admin', 'ai', 'auth', 'documents', 'estimates', 'gateway', 'meetings']
const layeringBreaks = (path: string, specifier: string) => violations([[path, importing(specifier)]], floors(SERVICES))

describe('layering rule (lint/layers.ts)', () => {
  it.each([
    ['services/ai/src/usecases/imports-a-service-package.ts', '@plumbline/estimates'],
    ['services/ai/src/usecases/imports-a-service-folder.ts', '../../../estimates/src/data/estimates-repo.js'],
    ['services/ai/vitest.config.ts', '../gateway/src/app.js'],
    ['services/ai/src/usecases/imports-express.ts', 'express'],
    ['services/auth/src/usecases/imports-the-prisma-client.ts', '../generated/prisma/client.js'],
    ['services/meetings/src/usecases/imports-prisma-enums.ts', '../generated/prisma/enums.js'],
    ['services/admin/src/usecases/imports-a-prisma-package.ts', '@prisma/client'],
    ['services/gateway/src/security/imports-http.ts', '../http/errors.js'],
    ['services/admin/src/usecases/imports-a-consumer.ts', '../consumers/admin-consumer.js'],
    ['services/meetings/src/events/imports-a-consumer.ts', '../consumers/transcription-worker.js'],
    ['services/estimates/src/events/imports-a-use-case.ts', '../usecases/fill-generated-content.js'],
    ['services/gateway/src/core/imports-security.ts', '../security/cookies.js'],
    ['frontends/share/src/imports-a-service-package.ts', '@plumbline/auth'],
    ['frontends/share/src/imports-a-service-folder.ts', '../../../services/auth/src/deps.js'],
    ['libs/web/src/imports-a-service.ts', '@plumbline/gateway'],
    ['libs/web/src/imports-a-front-end-package.ts', '@plumbline/app-shell'],
    ['libs/web/src/imports-a-front-end-folder.ts', '../../../frontends/shell/src/app'],
  ])('refuses %s importing %s', (path, specifier) => {
    expect(layeringBreaks(path, specifier)).toHaveLength(1)
  })

  it.each([
    ['services/ai/src/usecases/imports-a-lib.ts', '@plumbline/contracts'],
    ['services/ai/src/usecases/imports-its-own-code.ts', '../domain/format.js'],
    ['services/auth/src/usecases/imports-a-repository.ts', '../data/members-repo.js'],
    ['services/auth/src/data/imports-the-prisma-client.ts', '../generated/prisma/client.js'],
    ['services/ai/test/unit/imports-its-own-src.test.ts', '../../src/domain/format.js'],
    ['services/gateway/src/app.ts', './http/api-handler.js'],
    ['services/admin/src/start.ts', './consumers/quota-responder.js'],
    ['services/admin/src/consumers/on-estimate-deleted.ts', '../events/announce-limits-changed.js'],
    ['services/auth/src/events/record-admin-action.ts', '../data/db.js'],
    ['services/gateway/src/http/api-handler.ts', '../core/errors.js'],
    ['services/gateway/src/core/with-deadline.ts', './errors.js'],
    ['frontends/shell/test/e2e/seeds-through-a-service.e2e.test.ts', '../../../../services/auth/src/deps.js'],
    ['libs/service-kit/test/uses-the-build-tooling.test.ts', '../../../frontends/precompress.js'],
  ])('allows %s importing %s', (path, specifier) => {
    expect(layeringBreaks(path, specifier)).toEqual([])
  })

  it('reads every form of import', () => {
    const text = ["import a from './a'", "import './b'", "export { c } from './c'", "const d = await import('./d')", "import {\n  e,\n} from './e'"].join('\n')
    expect(importsOf('x/y.ts', text).map((i) => i.target)).toEqual(['x/a', 'x/c', 'x/e', 'x/b', 'x/d'])
  })
})

describe('biome.json React hooks rules', () => {
  it('refuses an effect that misses a dependency', () => {
    expect(rulesFiredOn('frontends/share/src/effect-misses-a-dependency.tsx')).toContain('lint/correctness/useExhaustiveDependencies')
  })

  it('refuses a hook called in a condition', () => {
    expect(rulesFiredOn('frontends/share/src/hook-in-a-condition.tsx')).toContain('lint/correctness/useHookAtTopLevel')
  })
})

describe('biome.json code-splitting rule (lint/no-react-lazy.grit)', () => {
  it.each(['frontends/share/src/react-lazy.tsx', 'frontends/share/src/lazy-from-react.tsx'])('refuses %s', (path) => {
    expect(rulesFiredOn(path)).toEqual(['plugin'])
  })

  it('allows a function of its own named lazy', () => {
    expect(rulesFiredOn('frontends/share/src/a-function-named-lazy.tsx')).toEqual([])
  })
})
