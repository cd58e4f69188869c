import { type AiGenerationCompletedV1, CONTENT_SECTION_TYPES, type EventEnvelope, Subjects } from '@plumbline/contracts'
import { isUuid } from '@plumbline/service-kit'
import { findContentSection, hideFromClient, saveContentText } from '../data/content-repo.js'
import type { Tx } from '../data/db.js'
import { findLiveEstimateRow, updateEstimateRow } from '../data/estimates-repo.js'
import { findLiveShareLinkOf } from '../data/share-links-repo.js'
import { recordEstimateEvent } from '../events/record-event.js'

/**
 * A finished generate-all job writes the estimate's content sections: the server is their only
 * writer (the browser that started the job only waits for this and reloads), so the text is kept
 * even when nobody was watching the job. A section saved before the job was requested is
 * replaced (the person asked for new text); one a person saved while the job ran is kept. What
 * it writes is generated text, so the section's link is marked not customised. On an estimate
 * whose link is live, a section it writes is taken off the client's page (showToClient off)
 * until the contractor has read it and shows it again: text nobody reviewed never goes live. An
 * approved (locked) or deleted estimate is left alone. Returns the section types it wrote.
 */
export async function fillGeneratedContent(tx: Tx, event: EventEnvelope<AiGenerationCompletedV1>): Promise<string[]> {
  const { kind, estimateId, contentBlocks, requestedAt } = event.data
  const orgId = event.orgId
  if (kind !== 'generate_all' || !estimateId || !orgId || !isUuid(estimateId)) return []
  const estimate = await findLiveEstimateRow(tx, orgId, estimateId)
  if (!estimate || estimate.lockedAt) return []
  const shared = !!(await findLiveShareLinkOf(tx, orgId, estimateId))
  const filled: string[] = []
  for (const type of CONTENT_SECTION_TYPES) {
    const text = contentBlocks[type]?.trim()
    if (!text) continue
    const current = await findContentSection(tx, orgId, estimateId, type)
    if (current?.content?.trim() && !savedBefore(current.updatedAt, requestedAt)) continue
    await saveContentText(tx, orgId, estimateId, type, text, false)
    if (shared) await hideFromClient(tx, orgId, estimateId, type)
    filled.push(type)
  }
  if (filled.length > 0) {
    await updateEstimateRow(tx, orgId, estimateId, { updatedAt: new Date() })
    await recordEstimateEvent(tx, Subjects.estimateUpdated, orgId, event.actorId, {
      estimateId,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status: estimate.status,
    })
  }
  return filled
}

/** Without the job's request time (older events) no existing text counts as replaceable. */
function savedBefore(updatedAt: Date, requestedAt: string | null | undefined): boolean {
  return requestedAt != null && updatedAt.getTime() <= Date.parse(requestedAt)
}
