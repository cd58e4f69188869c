import * as api from '@plumbline/contracts/api-paths'
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Label, Spinner, Textarea } from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { useMutation } from '@tanstack/react-query'
import { AlertTriangle, CheckCircle2, FileUp } from 'lucide-react'
import * as React from 'react'
import { isLockedError, reportMutationError, serverMessage, toastError } from '../../../data/errors'
import { useInvalidateEstimate } from '../../../data/queries'
import { portalScope } from '../common/portal-scope'
import { useDetail } from '../detail-context'
import { type CsvImportResult, importResultFromError, toImportResult } from './csv-transfer'

/** The server's limit (CSV_IMPORT_MAX_BYTES). */
const MAX_CSV_BYTES = 1_000_000
const CSV_COLUMNS_HINT = 'Section, Item, Type, Qty, Unit, Unit Cost, Description'

/** Import from CSV: choose a file (or paste), send it, then show what was created and every row error. */
export function ImportCsvDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { orgId, estimateId } = useDetail()
  const invalidate = useInvalidateEstimate(orgId, estimateId)
  const [csv, setCsv] = React.useState('')
  const [fileName, setFileName] = React.useState<string | null>(null)
  const [fileError, setFileError] = React.useState<string | null>(null)
  const [result, setResult] = React.useState<CsvImportResult | null>(null)
  React.useEffect(() => {
    if (open) {
      setCsv('')
      setFileName(null)
      setFileError(null)
      setResult(null)
    }
  }, [open])

  const importCsv = useMutation({
    mutationFn: (text: string) => callApi(api.postEstimatesSectionsImportCsv, { params: { orgId, id: estimateId }, body: { csv: text } }),
    onSuccess: async (body) => {
      setResult(toImportResult(body) ?? { sectionsCreated: 0, lineItemsCreated: 0, errors: [] })
      await Promise.all([invalidate.sections(), invalidate.estimate()])
    },
    onError: (error) => {
      if (isLockedError(error)) return reportMutationError(error, '', () => void invalidate.estimate())
      const rows = importResultFromError(error)
      if (rows) return setResult(rows)
      toastError(`Failed to import CSV: ${serverMessage(error) ?? 'Please check the file and try again.'}`)
    },
  })

  const onFile = async (file: File | undefined) => {
    setFileError(null)
    if (!file) return
    if (file.size > MAX_CSV_BYTES) {
      setFileError('The file is larger than 1 MB.')
      return
    }
    setFileName(file.name)
    setCsv(await file.text())
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" {...portalScope}>
        {result ? (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                {result.errors.length ? (
                  <AlertTriangle className="size-5 text-amber" aria-hidden="true" />
                ) : (
                  <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
                )}
                {result.errors.length ? 'Import finished with errors' : 'Import complete'}
              </DialogTitle>
              <DialogDescription data-testid="import-csv-result">
                {result.errors.length && result.sectionsCreated + result.lineItemsCreated === 0
                  ? // The server imports all or nothing: one bad row keeps the whole file out.
                    `Nothing was imported. Fix the ${result.errors.length === 1 ? 'row' : `${result.errors.length} problems`} below and import the file again.`
                  : `${result.sectionsCreated} ${result.sectionsCreated === 1 ? 'section' : 'sections'} and ${result.lineItemsCreated} ${result.lineItemsCreated === 1 ? 'line item' : 'line items'} created.`}
              </DialogDescription>
            </DialogHeader>
            {result.errors.length ? (
              <div className="max-h-[45vh] overflow-auto rounded-md border">
                <table className="w-full text-sm" aria-label="Rows with errors">
                  <thead className="sticky top-0 bg-muted text-xs uppercase tracking-wider text-muted-foreground">
                    <tr>
                      <th className="px-3 py-2 text-left font-medium">Row</th>
                      <th className="px-3 py-2 text-left font-medium">Field</th>
                      <th className="px-3 py-2 text-left font-medium">Problem</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.errors.map((e) => (
                      <tr key={`${e.row}-${e.field}-${e.message}`} className="border-t">
                        <td className="px-3 py-2 tabular-nums">{e.row || '—'}</td>
                        <td className="px-3 py-2 font-mono text-xs">{e.field || '—'}</td>
                        <td className="px-3 py-2">{e.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Import from CSV</DialogTitle>
              <DialogDescription>Use the columns of Export to CSV: {CSV_COLUMNS_HINT}. Each row becomes a line item in the section it names.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-4">
              <label className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed bg-muted/30 px-4 py-6 text-center transition-colors hover:bg-muted/60 focus-within:ring-[3px] focus-within:ring-ring/40">
                <FileUp className="size-6 text-muted-foreground" aria-hidden="true" />
                <span className="text-sm font-medium">{fileName ?? 'Choose a CSV file'}</span>
                <span className="text-xs text-muted-foreground">.csv, up to 1 MB</span>
                <input type="file" accept=".csv,text/csv" className="sr-only" aria-label="CSV file" onChange={(e) => void onFile(e.target.files?.[0])} />
              </label>
              {fileError ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {fileError}
                </p>
              ) : null}
              <div className="grid gap-2">
                <Label htmlFor="csv-text">Or paste CSV</Label>
                <Textarea
                  id="csv-text"
                  value={csv}
                  onChange={(e) => {
                    setCsv(e.target.value)
                    setFileName(null)
                  }}
                  rows={6}
                  className="font-mono text-xs"
                  spellCheck={false}
                />
              </div>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={importCsv.isPending}>
                Cancel
              </Button>
              <Button onClick={() => importCsv.mutate(csv)} disabled={!csv.trim() || importCsv.isPending}>
                {importCsv.isPending ? <Spinner className="size-4 text-current" label="Importing" /> : null}
                Import
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
