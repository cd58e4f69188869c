import { type ContentSectionType, Subjects } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findContentSection, saveContentText } from '../data/content-repo.js'
import { inTransaction } from '../data/db.js'
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
  return inTransaction(deps, async (tx) => {
    const e = await touchEditableEstimate(tx, ctx.orgId, estimateId)
    const current = await findContentSection(tx, ctx.orgId, e.id, type)
    const stored = current?.content ?? ''
    if (stored === next) {
      // Nothing to save: undo the updated_at touch by rolling back.
      throw new Unchanged(current?.content ?? null)
    }
    const content = next === '' ? null : next
    // A person's text: the link is marked customised.
    await saveContentText(tx, ctx.orgId, e.id, type, content, true)
    await recordEstimateEvent(tx, Subjects.estimateUpdated, ctx.orgId, ctx.userId, {
      estimateId: e.id,
      projectName: e.projectName,
      clientName: e.clientName,
      status: e.status,
    })
    return { changed: true, content }
  }).catch((err: unknown) => {
    if (err instanceof Unchanged) return { changed: false, content: err.content }
    throw err
  })
}

class Unchanged extends Error {
  constructor(readonly content: string | null) {
    super('unchanged')
  }
}
