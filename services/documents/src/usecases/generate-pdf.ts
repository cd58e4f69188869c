import type { OrgContext } from '@plumbline/service-kit'
import { fetchCompanySettings, fetchEstimateDocument, inTransaction, withQuota } from '@plumbline/service-kit'
import { saveFile } from '../data/files-repo.js'
import type { DocumentsDeps } from '../deps.js'
import { downloadPath } from '../domain/link-signature.js'
import { buildPdfModel } from '../domain/pdf-model.js'
import { recordPdfGenerated } from '../events/record-event.js'
import { renderEstimatePdf } from '../pdf/render-estimate-pdf.js'
import { loadPdfLogo } from './load-pdf-logo.js'

/** A file name a browser can save: letters, digits, dashes; never quotes or path parts. */
export function pdfFileName(projectName: string): string {
  const slug = projectName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 80)
  return `${slug || 'estimate'}-estimate.pdf`
}

/**
 * Renders the estimate's branded PDF, stores it, records documents.pdf.generated.v1 in the same
 * transaction as the file's row (admin counts usage from it), and answers a short-lived signed
 * link. The estimate is read first so another organisation's id is a 404 even over quota.
 */
export async function generatePdf(deps: DocumentsDeps, ctx: OrgContext, estimateId: string): Promise<{ downloadUrl: string }> {
  const [document, settings] = await Promise.all([
    fetchEstimateDocument(deps, ctx.orgId, estimateId, { unavailableMessage: 'Failed to generate PDF. Please try again.' }),
    fetchCompanySettings(deps, ctx.orgId),
  ])
  const file = await withQuota(deps, ctx.orgId, 'pdf', async () => {
    const logo = await loadPdfLogo(deps, ctx.orgId, settings)
    const { bytes, pages } = await renderEstimatePdf(buildPdfModel(document, settings), logo)
    return inTransaction(deps, async (tx) => {
      const saved = await saveFile(tx, deps.storage, {
        orgId: ctx.orgId,
        kind: 'pdf',
        name: pdfFileName(document.estimate.projectName),
        mimeType: 'application/pdf',
        bytes,
        estimateId,
      })
      await recordPdfGenerated(tx, ctx.orgId, ctx.userId, { estimateId, fileId: saved.id, pages })
      return saved
    })
  })
  const expires = Math.floor(Date.now() / 1000) + deps.env.PDF_LINK_TTL_SECONDS
  return { downloadUrl: downloadPath(deps.env.DOCUMENT_LINK_SECRET, { fileId: file.id, orgId: ctx.orgId, expires }) }
}
