import { type ContentSectionType, Subjects } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { touchEditableEstimate } from '../data/estimates-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'

/**
 * Saves a content section's text only when the trimmed text differs from the stored text
 * (spec 001 §4); a real change marks the section's link as customised. An unchanged save
 * changes nothing at all (not even the estimate's updatedAt).
 */
export async function saveContentSection(
  deps: EstimatesDeps,
  ctx: OrgContext,
  estimateId: string,
  type: ContentSectionType,
  text: string,
): Promise<{ changed: boolean; content: string | null }> {
  const next = text.trim()
  return deps.prisma
    .$transaction(async (tx) => {
      const e = await touchEditableEstimate(tx, ctx.orgId, estimateId)
      const current = await tx.contentSection.findUnique({ where: { estimateId_type: { estimateId: e.id, type } } })
      const stored = current?.content ?? ''
      if (stored === next) {
        // Nothing to save: undo the updated_at touch by rolling back.
        throw new Unchanged(current?.content ?? null)
      }
      const content = next === '' ? null : next
      await tx.contentSection.upsert({
        where: { estimateId_type: { estimateId: e.id, type } },
        create: { estimateId: e.id, organizationId: ctx.orgId, type, content },
        update: { content },
      })
      await tx.contentLink.upsert({
        where: { estimateId_role: { estimateId: e.id, role: type } },
        create: { estimateId: e.id, organizationId: ctx.orgId, role: type, isCustomized: true },
        update: { isCustomized: true },
      })
      await recordEstimateEvent(tx, Subjects.estimateUpdated, ctx.orgId, ctx.userId, {
        estimateId: e.id,
        projectName: e.projectName,
        clientName: e.clientName,
        status: e.status,
      })
      return { changed: true, content }
    })
    .catch((err: unknown) => {
      if (err instanceof Unchanged) return { changed: false, content: err.content }
      throw err
    })
}

class Unchanged extends Error {
  constructor(readonly content: string | null) {
    super('unchanged')
  }
}
