import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The layering, React hooks and code-splitting rules of biome.json, run by the real biome on probe files laid out
// like the repo in a temporary folder (so nothing is written into the tree other engineers lint).
const root = join(import.meta.dirname, '..', '..', '..')
const biome = join(root, 'node_modules', '.bin', 'biome')

const probes: Record<string, string> = {
  'services/ai/src/usecases/imports-a-service-package.ts': `import { x } from '@plumbline/estimates'\nexport { x }\n`,
  'services/ai/src/usecases/imports-a-service-folder.ts': `import { x } from '../../../estimates/src/data/estimates-repo.js'\nexport { x }\n`,
  'services/ai/vitest.config.ts': `import { x } from '../gateway/src/app.js'\nexport { x }\n`,
  'services/ai/src/usecases/imports-its-own-code-and-libs.ts': `import { ZId } from '@plumbline/contracts'\nimport { x } from '../domain/format.js'\nexport { x, ZId }\n`,
  'services/ai/test/unit/imports-its-own-src.test.ts': `import { x } from '../../src/domain/format.js'\nexport { x }\n`,
  'frontends/share/src/imports-a-service-package.ts': `import { x } from '@plumbline/auth'\nexport { x }\n`,
  'frontends/share/src/imports-a-service-folder.ts': `import { x } from '../../../services/auth/src/deps.js'\nexport { x }\n`,
  'frontends/shell/test/e2e/seeds-through-a-service.e2e.test.ts': `import { x } from '../../../../services/auth/src/deps.js'\nexport { x }\n`,
  'libs/web/src/imports-a-service.ts': `import { x } from '@plumbline/gateway'\nexport { x }\n`,
  'libs/web/src/imports-a-front-end-package.ts': `import { x } from '@plumbline/app-shell'\nexport { x }\n`,
  'libs/web/src/imports-a-front-end-folder.ts': `import { x } from '../../../frontends/shell/src/app'\nexport { x }\n`,
  'libs/service-kit/test/uses-the-build-tooling.test.ts': `import { x } from '../../../frontends/precompress.js'\nexport { x }\n`,
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

describe('biome.json layering rules', () => {
  it.each([
    'services/ai/src/usecases/imports-a-service-package.ts',
    'services/ai/src/usecases/imports-a-service-folder.ts',
    'services/ai/vitest.config.ts',
    'frontends/share/src/imports-a-service-package.ts',
    'frontends/share/src/imports-a-service-folder.ts',
    'libs/web/src/imports-a-service.ts',
    'libs/web/src/imports-a-front-end-package.ts',
    'libs/web/src/imports-a-front-end-folder.ts',
  ])('refuses %s', (path) => {
    expect(rulesFiredOn(path)).toEqual(['lint/style/noRestrictedImports'])
  })

  it.each([
    'services/ai/src/usecases/imports-its-own-code-and-libs.ts',
    'services/ai/test/unit/imports-its-own-src.test.ts',
    'frontends/shell/test/e2e/seeds-through-a-service.e2e.test.ts',
    'libs/service-kit/test/uses-the-build-tooling.test.ts',
  ])('allows %s', (path) => {
    expect(rulesFiredOn(path)).toEqual([])
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
