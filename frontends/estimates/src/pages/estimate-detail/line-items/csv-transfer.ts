import * as api from '@plumbline/contracts/api-paths'
import { callApi, parseApiError } from '@plumbline/web'

export type CsvRowError = { row: number; field: string; message: string }
export type CsvImportResult = { sectionsCreated: number; lineItemsCreated: number; errors: CsvRowError[] }

/** A file-name-safe slug of the project name for the exported file. */
export function csvFileName(projectName: string): string {
  const slug = projectName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
  return `${slug || 'estimate'}-line-items.csv`
}

/** Normalises the import answer (or a 4xx body carrying row errors) into one shape. */
export function toImportResult(body: unknown): CsvImportResult | null {
  if (!body || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  const rawErrors = Array.isArray(b.errors) ? b.errors : []
  const errors: CsvRowError[] = rawErrors
    .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
    .map((e) => ({ row: Number(e.row ?? 0), field: String(e.field ?? ''), message: String(e.message ?? '') }))
  if (!('sectionsCreated' in b) && errors.length === 0) return null
  if (!('sectionsCreated' in b) && !errors.some((e) => e.row > 0)) return null
  return { sectionsCreated: Number(b.sectionsCreated ?? 0), lineItemsCreated: Number(b.lineItemsCreated ?? 0), errors }
}

/** Row errors the server sent with a refusal (e.g. 422), when it sent any. */
export function importResultFromError(error: unknown): CsvImportResult | null {
  return toImportResult(parseApiError(error).body)
}

/** Downloads the server's CSV export of an estimate's line items as a file. */
export async function downloadCsv(orgId: string, estimateId: string, fileName: string): Promise<void> {
  const res = await callApi(api.getEstimatesSectionsExportCsv, { params: { orgId, id: estimateId }, headers: { Accept: 'text/csv' }, raw: true })
  const blob = await res.blob()
  const href = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = href
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  // Give the browser a moment to start the download before the object URL goes away.
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}
