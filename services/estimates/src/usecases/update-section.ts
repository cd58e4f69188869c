import type { Section, ZSectionInput } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { inTransaction } from '../data/db.js'
import { findSectionOfOrg, touchEditableEstimate } from '../data/estimates-repo.js'
import { toSectionDto } from '../data/mappers.js'
import { updateSectionRow } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'

export async function updateSection(deps: EstimatesDeps, ctx: OrgContext, sectionId: string, input: z.output<typeof ZSectionInput>): Promise<Section> {
  return inTransaction(deps, async (tx) => {
    const section = await findSectionOfOrg(tx, ctx.orgId, sectionId)
    await touchEditableEstimate(tx, ctx.orgId, section.estimateId)
    const updated = await updateSectionRow(tx, ctx.orgId, section.id, {
      name: input.name,
      description: input.description?.trim() || null,
      ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
    })
    return toSectionDto(updated)
  })
}
