import type { OrgContext } from '@plumbline/service-kit'
import type { Section, ZSectionInput } from '@plumbline/contracts'
import type { z } from 'zod'
import type { EstimatesDeps } from '../deps.js'
import { findSectionOfOrg, touchEditableEstimate } from '../data/estimates-repo.js'
import { LINE_ITEM_ORDER, toSectionDto } from '../data/mappers.js'

export async function updateSection(deps: EstimatesDeps, ctx: OrgContext, sectionId: string, input: z.output<typeof ZSectionInput>): Promise<Section> {
  return deps.prisma.$transaction(async (tx) => {
    const section = await findSectionOfOrg(tx, ctx.orgId, sectionId)
    await touchEditableEstimate(tx, ctx.orgId, section.estimateId)
    const updated = await tx.section.update({
      where: { id: section.id },
      data: { name: input.name, description: input.description?.trim() || null, ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }) },
      include: { lineItems: { orderBy: LINE_ITEM_ORDER } },
    })
    return toSectionDto(updated)
  })
}
