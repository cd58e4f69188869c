// Schema drift: what SQL would take the migrations to the Prisma schema. Empty means in step.
// Uses @prisma/schema-engine-wasm through the pg driver adapter because the native engine
// cannot be downloaded here (see DESIGN §5); test-only, so it lives behind a sub-path export.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils'
import pg from 'pg'
import { discreteConfig, quoteIdent } from './connection.js'
import { listMigrations } from './migrate.js'

const require = createRequire(import.meta.url)
/** The part of the WebAssembly global used here: @types/node (24 too) does not declare it (lib.dom does). */
type WasmGlobal = {
  compile(bytes: Uint8Array): Promise<unknown>
  instantiate(module: unknown, imports: Record<string, unknown>): Promise<{ exports: { __wbindgen_start?: () => void } }>
}
const WebAssembly = (globalThis as unknown as { WebAssembly: WasmGlobal }).WebAssembly
type EngineModule = typeof import('@prisma/schema-engine-wasm/schema_engine_bg')
let wasmReady: Promise<EngineModule> | undefined

function loadEngine(): Promise<EngineModule> {
  wasmReady ??= (async () => {
    Object.assign(globalThis, { PRISMA_WASM_PANIC_REGISTRY: { set_message: (m: string) => console.error('[schema-engine panic]', m) } })
    const bg = await import('@prisma/schema-engine-wasm/schema_engine_bg')
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm')
    const inst = await WebAssembly.instantiate(await WebAssembly.compile(readFileSync(wasmPath)), { './schema_engine_bg.js': bg })
    bg.__wbg_set_wasm(inst.exports)
    inst.exports.__wbindgen_start?.()
    return bg
  })()
  return wasmReady
}

/** The adapter-pg internals patched below (not part of its typed surface). */
type CharColumns = { __charCols?: boolean[] }
type PatchableAdapter = {
  performIO(q: unknown): Promise<{ fields?: { dataTypeID: number }[]; rows: unknown[] & CharColumns }>
  queryRaw(q: unknown): Promise<{ rows: CharColumns; columnTypes: number[] }>
  executeScript(script: string): Promise<void>
  client: { query(sql: string): Promise<unknown> }
  onError(error: unknown): never
}

// adapter-pg rejects pg_catalog "char" columns (OID 18) that the schema describer reads.
function reportCharAsText<T>(adapter: T): T {
  const a = adapter as unknown as PatchableAdapter
  const performIO = a.performIO.bind(a)
  a.performIO = async (q: unknown) => {
    const res = await performIO(q)
    const fields = res?.fields ?? []
    const charCols = fields.map((f) => f.dataTypeID === 18)
    if (charCols.some(Boolean)) {
      for (const f of fields) if (f.dataTypeID === 18) f.dataTypeID = 25
      Object.defineProperty(res.rows, '__charCols', { value: charCols })
    }
    return res
  }
  const queryRaw = a.queryRaw.bind(a)
  a.queryRaw = async (q: unknown) => {
    const r = await queryRaw(q)
    const charCols = r.rows.__charCols
    if (charCols) r.columnTypes = r.columnTypes.map((t, i) => (charCols[i] ? 6 : t))
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
  const a = adapter as unknown as PatchableAdapter
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
    provider: 'postgres' as const,
    connect: async () => reportCharAsText(await factoryBase.connect()),
    connectToShadowDb: async () => {
      const name = `shadow_${randomUUID().replace(/-/g, '')}`
      await admin(base, `CREATE DATABASE ${quoteIdent(name)}`)
      const shadow = wholeScripts(reportCharAsText(await new PrismaPg({ ...pgConfig, database: name }, adapterOpts).connect()))
      const dispose = shadow.dispose.bind(shadow)
      shadow.dispose = async () => {
        await dispose()
        await admin(base, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
      }
      return shadow
    },
  }
  const datamodel = readFileSync(opts.schemaPath, 'utf8')
  const engine = await bg.SchemaEngine.new({ datamodels: [[opts.schemaPath, datamodel]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory))
  try {
    const migrations = listMigrations(opts.migrationsDir)
    const from = migrations.length
      ? {
          tag: 'migrations' as const,
          baseDir: opts.migrationsDir,
          shadowDbInitScript: '',
          lockfile: { path: 'migration_lock.toml', content: 'provider = "postgresql"\n' },
          migrationDirectories: migrations.map((m) => ({
            path: m.name,
            migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value: m.sql } },
          })),
        }
      : { tag: 'empty' as const }
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
