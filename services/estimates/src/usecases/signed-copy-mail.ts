import { type CompanySettings, MailSubjects } from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import type { Tx } from '../data/db.js'
import type { EstimatesDeps } from '../deps.js'
import { ESTIMATES_SCHEMA } from '../events/record-event.js'
import { fromNameOf, mailBrandOf } from './estimate-mail.js'

type ApprovedEstimate = { id: string; projectName: string; clientName: string; clientEmail: string | null }

/**
 * The client's copy of what they signed: the signed PDF (approval block with name, time, IP and
 * the snapshot's sha256) mailed to the signer's e-mail when given, else the estimate's client
 * e-mail; nothing when neither is known. The contractor's copy rides on their approval e-mail
 * (admin). Written in the approval's transaction, so it goes exactly when the approval stands.
 */
export async function mailSignedCopyToClient(
  deps: Pick<EstimatesDeps, 'env'>,
  tx: Tx,
  orgId: string,
  estimate: ApprovedEstimate,
  settings: CompanySettings,
  signerEmail: string | null,
  sha256: string,
): Promise<void> {
  const to = signerEmail ?? estimate.clientEmail
  if (!to) return
  const brand = mailBrandOf(deps.env.APP_URL, orgId, settings)
  const company = brand.companyName ?? 'your contractor'
  await writeOutbox(
    tx,
    ESTIMATES_SCHEMA,
    createEnvelope({
      type: MailSubjects.estimates,
      orgId,
      actorId: null,
      data: {
        tag: 'estimate-signed-copy',
        to: [to],
        fromName: fromNameOf(brand),
        subject: `Your signed estimate for ${estimate.projectName}`,
        brand,
        heading: 'Thank you for your approval',
        paragraphs: [
          `Hi ${estimate.clientName},`,
          `You approved the estimate for ${estimate.projectName}. Your signed copy is attached; ${company} has been notified and will be in touch about next steps.`,
        ],
        details: [{ label: 'Snapshot SHA-256', value: sha256 }],
        footer: ['Keep this e-mail: the attached PDF records what you approved, when, and the fingerprint of the exact estimate.'],
        attachments: [{ kind: 'estimate-pdf', estimateId: estimate.id, variant: 'signed' }],
      },
    }),
  )
}
