import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 10 §2: use cases keep business rules and orchestration; every Prisma call lives in src/data/
// (repositories taking orgId first, inTransaction for transactions). This scan keeps it so.

const USECASES = join(import.meta.dirname, '../../src/usecases')

const PRISMA_METHODS =
  'findFirst|findFirstOrThrow|findUnique|findUniqueOrThrow|findMany|create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany|count|aggregate|groupBy'

const RULES: { what: string; pattern: RegExp }[] = [
  { what: 'a Prisma model call (client.model.method)', pattern: new RegExp(`\\b[A-Za-z_$][\\w$]*\\.[A-Za-z_$][\\w$]*\\.(${PRISMA_METHODS})\\(`) },
  {
    what: 'a Prisma client method ($transaction, $queryRaw, $executeRaw, …)',
    pattern: /\$(transaction|queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe)\b/,
  },
  { what: 'an import of the generated Prisma client', pattern: /from\s+['"][^'"]*(generated\/prisma|@prisma\/client)[^'"]*['"]/ },
  // Content encoding is the route's choice (http/versioned-body.ts), not a business rule.
  { what: 'an import of zlib (compression belongs to http/)', pattern: /from\s+['"](node:)?zlib['"]/ },
]

/** "file:line: what" for every line of `source` that breaks a rule. */
function violations(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, i) => RULES.filter((r) => r.pattern.test(line)).map((r) => `${file}:${i + 1}: ${r.what}: ${line.trim()}`))
}

describe('use cases never touch Prisma or compression', () => {
  it('the scan recognises each kind of Prisma use', () => {
    const sample = [
      'await tx.estimate.findFirst({ where: {} })',
      'return deps.prisma.$transaction(async (tx) => x)',
      "import { Prisma } from '../generated/prisma/client.js'",
      "import { gzip } from 'node:zlib'",
      'await inTransaction(deps, async (tx) => findLiveEstimate(tx, orgId, id))',
    ].join('\n')
    expect(violations('sample.ts', sample).map((v) => v.split(':')[1])).toEqual(['1', '2', '3', '4'])
  })

  it('no file in src/usecases calls a Prisma model, $transaction or raw SQL, or imports the generated client', () => {
    const files = readdirSync(USECASES).filter((f) => f.endsWith('.ts'))
    expect(files.length).toBeGreaterThan(30)
    const found = files.flatMap((f) => violations(`src/usecases/${f}`, readFileSync(join(USECASES, f), 'utf8')))
    expect(found, 'move these into a repository in src/data/ (transactions: inTransaction in data/db.ts)').toEqual([])
  })
})
