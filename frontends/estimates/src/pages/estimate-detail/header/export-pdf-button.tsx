import * as api from '@plumbline/contracts/api-paths'
import { Button, Spinner } from '@plumbline/ui'
import { callApi } from '@plumbline/web'
import { FileDown } from 'lucide-react'
import * as React from 'react'
import { serverMessage, toastError } from '../../../data/errors'
import { useDetail } from '../detail-context'

/**
 * Export PDF (spec 001 §7): POST …/generate-pdf answers a short-lived downloadUrl, opened in a new
 * tab. The tab is opened synchronously in the click (a window opened after an await is blocked as
 * a popup) and pointed at the PDF once the link arrives; it is closed again when generation fails.
 */
export function ExportPdfButton() {
  const { orgId, estimateId } = useDetail()
  const [busy, setBusy] = React.useState(false)

  const exportPdf = async () => {
    const tab = window.open('', '_blank')
    if (tab) {
      // The blank tab must not be able to reach back into this page.
      tab.opener = null
      try {
        tab.document.title = 'Preparing PDF…'
        if (tab.document.body) tab.document.body.textContent = 'Preparing your PDF…'
      } catch {
        // Only a courtesy message: a browser that keeps the blank tab's document from us is fine.
      }
    }
    setBusy(true)
    try {
      const { downloadUrl } = await callApi(api.postEstimatesGeneratePdf, { params: { orgId, id: estimateId } })
      if (!downloadUrl) throw new Error('No download link in the answer')
      if (tab && !tab.closed) tab.location.href = downloadUrl
      // A blocked popup: open the link now instead (the browser may still ask to allow it).
      else window.open(downloadUrl, '_blank', 'noopener')
    } catch (err) {
      tab?.close()
      toastError(serverMessage(err) ?? 'Failed to generate PDF. Please try again.', 'PDF Generation Failed')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={() => void exportPdf()} disabled={busy}>
      {busy ? <Spinner className="size-4 text-current" label="Generating PDF" /> : <FileDown />}
      Export PDF
    </Button>
  )
}
