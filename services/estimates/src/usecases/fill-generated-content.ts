import { type AiGenerationCompletedV1, CONTENT_SECTION_TYPES, type EventEnvelope, Subjects } from '@plumbline/contracts'
import { isUuid } from '@plumbline/service-kit'
import type { Tx } from '../data/db.js'
import { recordEstimateEvent } from '../events/record-event.js'

/**
 * A finished generate-all job fills the estimate's still-empty content sections, so the text is
 * kept even when nobody was watching the job (browser closed, network gone). It never
 * overwrites text a person wrote or saved meanwhile (the browser that started the job saves
 * its own copy through PATCH content), and leaves an approved (locked) or deleted estimate alone.
 * Returns the section types it filled.
 */
export async function fillGeneratedContent(tx: Tx, event: EventEnvelope<AiGenerationCompletedV1>): Promise<string[]> {
  const { kind, estimateId, contentBlocks } = event.data
  const orgId = event.orgId
  if (kind !== 'generate_all' || !estimateId || !orgId || !isUuid(estimateId)) return []
  const estimate = await tx.estimate.findFirst({ where: { id: estimateId, organizationId: orgId, deletedAt: null } })
  if (!estimate || estimate.lockedAt) return []
  const filled: string[] = []
  for (const type of CONTENT_SECTION_TYPES) {
    const text = contentBlocks[type]?.trim()
    if (!text) continue
    const current = await tx.contentSection.findUnique({ where: { estimateId_type: { estimateId, type } } })
    if (current?.content?.trim()) continue
    await tx.contentSection.upsert({
      where: { estimateId_type: { estimateId, type } },
      create: { estimateId, organizationId: orgId, type, content: text },
      update: { content: text },
    })
    filled.push(type)
  }
  if (filled.length > 0) {
    await tx.estimate.update({ where: { id: estimateId }, data: { updatedAt: new Date() } })
    await recordEstimateEvent(tx, Subjects.estimateUpdated, orgId, event.actorId, {
      estimateId,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status: estimate.status,
    })
  }
  return filled
}
