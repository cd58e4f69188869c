import { type PdfGeneratedV1, Subjects } from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import type { Tx } from '../data/db.js'

export const DOCUMENTS_SCHEMA = 'documents'

/** documents.pdf.generated.v1 through the outbox, inside the caller's transaction (DESIGN §4); admin counts PDF usage from it. */
export async function recordPdfGenerated(tx: Tx, orgId: string, actorId: string | null, data: PdfGeneratedV1): Promise<void> {
  await writeOutbox(tx, DOCUMENTS_SCHEMA, createEnvelope({ type: Subjects.pdfGenerated, orgId, actorId, data }))
}
