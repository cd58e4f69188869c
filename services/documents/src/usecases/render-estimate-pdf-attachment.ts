import { createHash } from 'node:crypto'
import type { EstimatePdfReply } from '@plumbline/contracts'
import { fetchCompanySettings, fetchEstimateDocument } from '@plumbline/service-kit'
import type { DocumentsDeps } from '../deps.js'
import { buildPdfModel } from '../domain/pdf-model.js'
import { renderEstimatePdf } from '../pdf/render-estimate-pdf.js'
import { pdfFileName } from './generate-pdf.js'
import { loadPdfLogo } from './load-pdf-logo.js'

/**
 * rpc.documents.estimate-pdf.render: the estimate's PDF as a mail attachment (the mailer asks
 * when it sends). An approved estimate's PDF carries the approval block (the signed copy). The same client-facing PDF the contractor exports: the public allow-list of
 * content, phases and line items, never notes or internal sections. Not counted against the PDF
 * quota: it is part of sending, which has its own limit.
 */
export async function renderEstimatePdfAttachment(
  deps: DocumentsDeps,
  input: { orgId: string; estimateId: string; variant: 'client' | 'signed' },
): Promise<EstimatePdfReply> {
  let document: Awaited<ReturnType<typeof fetchEstimateDocument>>
  try {
    document = await fetchEstimateDocument(deps, input.orgId, input.estimateId)
  } catch (err) {
    if ((err as { status?: number }).status === 404) return { found: false }
    throw err
  }
  const settings = await fetchCompanySettings(deps, input.orgId)
  const logo = await loadPdfLogo(deps, input.orgId, settings)
  const { bytes } = await renderEstimatePdf(buildPdfModel(document, settings), logo)
  return {
    found: true,
    filename:
      input.variant === 'signed' && document.approvalRecord
        ? pdfFileName(document.estimate.projectName).replace(/\.pdf$/, '-signed.pdf')
        : pdfFileName(document.estimate.projectName),
    contentBase64: bytes.toString('base64'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  }
}
