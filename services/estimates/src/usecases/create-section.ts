import type { Section, ZSectionInput } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { inTransaction } from '../data/db.js'
import { touchEditableEstimate } from '../data/estimates-repo.js'
import { toSectionDto } from '../data/mappers.js'
import { countSections, insertSection } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'

/** A new, empty section; its sortOrder defaults to the current section count (spec 001 §5). */
export async function createSection(deps: EstimatesDeps, ctx: OrgContext, estimateId: string, input: z.output<typeof ZSectionInput>): Promise<Section> {
  return inTransaction(deps, async (tx) => {
    const e = await touchEditableEstimate(tx, ctx.orgId, estimateId)
    const sortOrder = input.sortOrder ?? (await countSections(tx, ctx.orgId, e.id))
    const section = await insertSection(tx, ctx.orgId, { estimateId: e.id, name: input.name, description: input.description?.trim() || null, sortOrder })
    return toSectionDto({ ...section, lineItems: [] })
  })
}
