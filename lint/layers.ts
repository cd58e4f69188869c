/**
 * The layering rule, once: which part of the monorepo may import which. Biome's
 * noRestrictedImports sees only the import's text, so "never leaves its own folder" had to be
 * written once per folder depth (`../**`, `../../**`, …); here every relative import is resolved
 * to the path it reaches and one table says what each part may not reach.
 *
 * Run by `npm run lint` (after Biome). Exits 1 and lists each import that breaks a rule.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'

/** An import as written in `file` (repo-relative, forward slashes), and where a relative one lands. */
export type Import = { file: string; specifier: string; target?: string }
export type Floor = { name: string; files: RegExp; refuses: (i: Import) => boolean; message: string }

const PACKAGE = /^@plumbline\/([^/]+)/

/** The workspace's floors and what each must never import. `services` names the service folders. */
export function floors(services: readonly string[]): Floor[] {
  const isService = (i: Import) => services.includes(PACKAGE.exec(i.specifier)?.[1] ?? '') || !!i.target?.startsWith('services/')
  const isFrontEnd = (i: Import) =>
    /^@plumbline\/app-/.test(i.specifier) || (!!i.target?.startsWith('frontends/') && !i.target.startsWith('frontends/precompress.'))
  const serviceOf = (file: string) => file.split('/')[1]
  return [
    {
      name: 'service',
      files: /^services\/[^/]+\//,
      refuses: (i) =>
        services.includes(PACKAGE.exec(i.specifier)?.[1] ?? '') || (i.target !== undefined && !i.target.startsWith(`services/${serviceOf(i.file)}/`)),
      message:
        'A service never imports a service or anything outside its own folder: use @plumbline/<lib> for libs/*; reach another service over NATS or HTTP.',
    },
    {
      name: 'http on top',
      files: /^services\/[^/]+\/src\/(?!http\/|app\.ts$|main\.ts$)/,
      refuses: (i) => !!i.target?.startsWith(`services/${serviceOf(i.file)}/src/http/`),
      message: 'http/ is the top floor: only app.ts, main.ts and http/ import it. Move a shared helper down (e.g. core/, domain/).',
    },
    {
      name: 'core at the bottom',
      files: /^services\/[^/]+\/src\/core\//,
      refuses: (i) => i.target !== undefined && !i.target.startsWith(`services/${serviceOf(i.file)}/src/core/`),
      message: 'core/ is the bottom floor: its helpers import only libs and each other, so every other folder may import them.',
    },
    {
      name: 'use cases',
      files: /^services\/[^/]+\/src\/usecases\//,
      refuses: (i) => i.specifier === 'express' || i.specifier.startsWith('express/'),
      message: 'Use cases take plain arguments (ctx + input) and never depend on HTTP: import OrgContext from @plumbline/service-kit.',
    },
    {
      name: 'use cases through repositories',
      files: /^services\/[^/]+\/src\/usecases\//,
      refuses: (i) => i.specifier.startsWith('@prisma/') || !!i.target?.startsWith(`services/${serviceOf(i.file)}/src/generated/prisma/`),
      message:
        'Use cases reach the database through the repositories in data/ (orgId first) and open transactions with inTransaction from @plumbline/service-kit: never the generated Prisma client, its types included.',
    },
    {
      name: 'consumers on top',
      files: /^services\/[^/]+\/src\/(?!consumers\/|main\.ts$|start\.ts$)/,
      refuses: (i) => !!i.target?.startsWith(`services/${serviceOf(i.file)}/src/consumers/`),
      message:
        'consumers/ (durable consumers, job workers, request/reply responders) is a top floor beside http/: only main.ts and start.ts start them; what use cases call on the way out lives in events/.',
    },
    {
      name: 'events below use cases',
      files: /^services\/[^/]+\/src\/events\//,
      refuses: (i) => !!i.target?.startsWith(`services/${serviceOf(i.file)}/src/usecases/`),
      message:
        'events/ is the outbound side that use cases call (outbox writers, subjects, requests to other services): it never calls a use case. Handle an incoming message in consumers/.',
    },
    {
      name: 'front end',
      files: /^frontends\/(?![^/]+\/test\/e2e\/)/,
      refuses: isService,
      message: 'A front end never imports a service: use @plumbline/contracts for shapes and @plumbline/web to call the gateway.',
    },
    {
      name: 'lib',
      files: /^libs\//,
      refuses: (i) => isService(i) || isFrontEnd(i),
      message: 'A lib never imports a service or a front end: libs/* sit below both.',
    },
  ]
}

const SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g, // import … from, export … from
  /^\s*import\s*['"]([^'"]+)['"]/gm, // import 'side-effect'
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…')
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
]

/** Every import specifier in a source text (a comment quoting one counts too; none do today). */
export function importsOf(file: string, text: string): Import[] {
  const found = new Set<string>()
  for (const pattern of SPECIFIERS) for (const m of text.matchAll(pattern)) found.add(m[1])
  return [...found].map((specifier) => ({
    file,
    specifier,
    target: specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), specifier)) : undefined,
  }))
}

export function violations(files: Iterable<[file: string, text: string]>, rules: Floor[]): string[] {
  const out: string[] = []
  for (const [file, text] of files) {
    const applying = rules.filter((r) => r.files.test(file))
    if (applying.length === 0) continue
    for (const i of importsOf(file, text)) for (const r of applying) if (r.refuses(i)) out.push(`${file}: '${i.specifier}' (${r.name}): ${r.message}`)
  }
  return out
}

const SOURCE = /\.(ts|tsx|js|mjs)$/
const SKIPPED = /(^|\/)(generated|dist|node_modules|test-output)\//

function* sourceFiles(root: string): Generator<[string, string]> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  for (const file of listed.split('\n')) {
    if (!SOURCE.test(file) || SKIPPED.test(file)) continue
    try {
      yield [file, readFileSync(join(root, file), 'utf8')]
    } catch {
      // listed but deleted in the work tree
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, '..')
  const services = readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
  const found = violations(sourceFiles(root), floors(services))
  for (const line of found) console.error(line)
  if (found.length > 0) {
    console.error(`lint/layers: ${found.length} import(s) break the layering`)
    process.exit(1)
  }
}
