// Schema drift: what SQL would take the migrations to the Prisma schema. Empty means in step.
// Uses @prisma/schema-engine-wasm through the pg driver adapter because the native engine
// cannot be downloaded here (see DESIGN §5); test-only, so it lives behind a sub-path export.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import pg from 'pg'
import { PrismaPg } from '@prisma/adapter-pg'
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils'
import { discreteConfig, quoteIdent } from './connection.js'
import { listMigrations } from './migrate.js'

const require = createRequire(import.meta.url)
// @types/node (24 too) does not declare the WebAssembly global: it lives in lib.dom.
const WebAssembly = (globalThis as any).WebAssembly
let wasmReady: Promise<any> | undefined

function loadEngine(): Promise<any> {
  wasmReady ??= (async () => {
    ;(globalThis as any).PRISMA_WASM_PANIC_REGISTRY = { set_message: (m: string) => console.error('[schema-engine panic]', m) }
    const bg: any = await import('@prisma/schema-engine-wasm/schema_engine_bg')
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm')
    const inst = await WebAssembly.instantiate(await WebAssembly.compile(readFileSync(wasmPath)), { './schema_engine_bg.js': bg })
    bg.__wbg_set_wasm(inst.exports)
    ;(inst.exports as any).__wbindgen_start?.()
    return bg
  })()
  return wasmReady
}

// adapter-pg rejects pg_catalog "char" columns (OID 18) that the schema describer reads.
function reportCharAsText<T>(adapter: T): T {
  const a = adapter as any
  const performIO = a.performIO.bind(a)
  a.performIO = async (q: unknown) => {
    const res = await performIO(q)
    const charCols = (res?.fields ?? []).map((f: any) => f.dataTypeID === 18)
    if (charCols.some(Boolean)) {
      for (const f of res.fields) if (f.dataTypeID === 18) f.dataTypeID = 25
      Object.defineProperty(res.rows, '__charCols', { value: charCols })
    }
    return res
  }
  const queryRaw = a.queryRaw.bind(a)
  a.queryRaw = async (q: unknown) => {
    const r = await queryRaw(q)
    const charCols: boolean[] | undefined = r.rows.__charCols
    if (charCols) r.columnTypes = r.columnTypes.map((t: number, i: number) => (charCols[i] ? 6 : t))
    return r
  }
  return adapter
}

/**
 * adapter-pg runs a migration script by splitting it at every ';', which cuts a PL/pgSQL
 * function body (estimates' count trigger) apart. A query without parameters uses the simple
 * protocol, which takes the whole script as PostgreSQL's own migrate step does (migrate.ts).
 */
function wholeScripts<T>(adapter: T): T {
  const a = adapter as any
  a.executeScript = async (script: string) => {
    try {
      await a.client.query(script)
    } catch (error) {
      a.onError(error)
    }
  }
  return adapter
}

async function admin(config: pg.ClientConfig, sql: string) {
  const c = new pg.Client({ ...config, database: 'postgres' })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

export async function schemaDrift(opts: { databaseUrl: string; schema: string; schemaPath: string; migrationsDir: string }): Promise<string> {
  const bg = await loadEngine()
  const base = discreteConfig(opts.databaseUrl)
  const pgConfig = { ...base, options: `-c search_path=${opts.schema}` }
  const adapterOpts = { schema: opts.schema }
  const factoryBase = new PrismaPg(pgConfig, adapterOpts)
  const factory = {
    adapterName: factoryBase.adapterName,
    provider: factoryBase.provider,
    connect: async () => reportCharAsText(await factoryBase.connect()),
    connectToShadowDb: async () => {
      const name = `shadow_${randomUUID().replace(/-/g, '')}`
      await admin(base, `CREATE DATABASE ${quoteIdent(name)}`)
      const shadow: any = wholeScripts(reportCharAsText(await new PrismaPg({ ...pgConfig, database: name }, adapterOpts).connect()))
      const dispose = shadow.dispose.bind(shadow)
      shadow.dispose = async () => {
        await dispose()
        await admin(base, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
      }
      return shadow
    },
  }
  const datamodel = readFileSync(opts.schemaPath, 'utf8')
  const engine = await bg.SchemaEngine.new({ datamodels: [[opts.schemaPath, datamodel]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory as any))
  try {
    const migrations = listMigrations(opts.migrationsDir)
    const from = migrations.length
      ? {
          tag: 'migrations',
          baseDir: opts.migrationsDir,
          shadowDbInitScript: '',
          lockfile: { path: 'migration_lock.toml', content: 'provider = "postgresql"\n' },
          migrationDirectories: migrations.map((m) => ({ path: m.name, migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: m.sql } } })),
        }
      : { tag: 'empty' }
    const result = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: opts.schemaPath, content: datamodel }] },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    })
    return result.exitCode === 2 ? String(result.stdout ?? '').trim() : ''
  } finally {
    engine.free?.()
  }
}

/** The drift of one service whose `prismaDir` holds schema.prisma and migrations/ (its test and migration:new). */
export const serviceDrift = (databaseUrl: string, schema: string, prismaDir: string): Promise<string> =>
  schemaDrift({ databaseUrl, schema, schemaPath: path.join(prismaDir, 'schema.prisma'), migrationsDir: path.join(prismaDir, 'migrations') })
