import type { PoolConfig } from 'pg'

/**
 * Every service owns one PostgreSQL schema inside a shared database. The URL names the database;
 * the schema comes from the service, and search_path points at it so raw SQL stays unqualified.
 */
export function poolConfig(databaseUrl: string, schema: string, max = 10): PoolConfig {
  const url = new URL(databaseUrl)
  url.searchParams.delete('schema')
  return { connectionString: url.toString(), max, options: `-c search_path="${schema}"` }
}

/** Discrete fields, for tools (the schema engine) that would let a connection string override `database`. */
export function discreteConfig(databaseUrl: string) {
  const u = new URL(databaseUrl)
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username || 'postgres'),
    password: decodeURIComponent(u.password) || undefined,
    database: u.pathname.slice(1) || 'postgres',
  }
}

export function withDatabase(databaseUrl: string, database: string): string {
  const u = new URL(databaseUrl)
  u.pathname = `/${database}`
  return u.toString()
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`
