/**
 * Quotes a schema name for interpolation into SQL. Schemas cannot be bound as parameters, so
 * the name is quoted (doubling any `"`) rather than trusted.
 */
export function quoteIdent(name: string): string {
  if (name.length === 0 || name.length > 63 || name.includes('\0')) {
    throw new Error(`invalid SQL identifier: ${JSON.stringify(name)}`)
  }
  return `"${name.replaceAll('"', '""')}"`
}

/** `"<schema>".<table>` */
export function qualifiedTable(schema: string, table: string): string {
  return `${quoteIdent(schema)}.${table}`
}
