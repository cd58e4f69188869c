import { COMPANY_SETTINGS_DEFAULTS, type EstimateDocument } from '@plumbline/contracts'
import type { Closer } from '@plumbline/service-kit'
import { startEstimatePdfResponder } from './consumers/estimate-pdf-responder.js'
import { startLogoUrlResponder } from './consumers/logo-url-responder.js'
import { pruneFiles } from './data/files-repo.js'
import type { DocumentsDeps } from './deps.js'
import { buildPdfModel } from './domain/pdf-model.js'
import { renderEstimatePdf } from './pdf/render-estimate-pdf.js'

const HOUR = 3_600_000

/**
 * Start-up work beyond the shared runtime: the logo-URL responder, an hourly prune of PDFs
 * older than PDF_RETENTION_HOURS (a new link renders again anyway), and one throw-away render
 * so the first contractor's PDF does not pay for loading the fonts (~0.5 s cold).
 */
export async function startDocuments(deps: DocumentsDeps): Promise<Closer[]> {
  const responder = startLogoUrlResponder(deps)
  const pdfResponder = startEstimatePdfResponder(deps)
  const prune = () =>
    void pruneFiles(deps.prisma, deps.storage, 'pdf', new Date(Date.now() - deps.env.PDF_RETENTION_HOURS * HOUR)).catch((err: unknown) =>
      deps.logger.warn({ err: (err as Error).message }, 'PDF prune failed'),
    )
  prune()
  const timer = setInterval(prune, HOUR)
  timer.unref()
  await warmUpRenderer().catch((err: unknown) => deps.logger.warn({ err: (err as Error).message }, 'PDF warm-up failed'))
  return [
    { name: 'logo-url-responder', close: () => responder.stop() },
    { name: 'estimate-pdf-responder', close: () => pdfResponder.stop() },
    { name: 'pdf-prune', close: () => clearInterval(timer) },
  ]
}

async function warmUpRenderer(): Promise<void> {
  const now = new Date().toISOString()
  const doc: EstimateDocument = {
    estimate: {
      id: 'warm-up',
      projectTypeId: null,
      projectType: null,
      projectName: 'Warm-up',
      clientName: 'Warm-up',
      clientEmail: null,
      propertyAddress: '-',
      squareFootage: null,
      totalCost: '1.00',
      status: 'draft',
      specialFeatures: null,
      meetingTranscript: null,
      aiSummary: null,
      contentSections: { executive_summary: 'Warm-up', project_overview: null, scope_of_work: null, timeline: null, qa_notes: null },
      shareToken: null,
      viewedAt: null,
      approval: null,
      lockedAt: null,
      reopenedAt: null,
      reopenedBy: null,
      createdAt: now,
      updatedAt: now,
    },
    phases: [],
    sections: [],
    contentLinks: [],
    pricing: {
      markupProfileId: null,
      taxProfileIds: [],
      totals: {
        baseTotal: '0',
        overhead: '0',
        profit: '0',
        contingency: '0',
        costTypeMarkup: '0',
        markupTotal: '0',
        subtotalWithMarkup: '0',
        taxes: [],
        taxTotal: '0',
        grandTotal: '0',
      },
    },
  }
  await renderEstimatePdf(buildPdfModel(doc, COMPANY_SETTINGS_DEFAULTS), null)
}
