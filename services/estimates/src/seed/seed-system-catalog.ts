import type { PrismaClient } from '../generated/prisma/client.js'
import { stableId } from './stable-id.js'
import { PHASE_GROUPS, PROJECT_TYPES, TEMPLATES } from './system-catalog.js'

export const systemProjectTypeId = (key: string) => stableId(`project-type:${key}`)
export const systemTemplateId = (key: string) => stableId(`template:${key}`)

/**
 * Inserts the system catalog (organizationId null) when missing. Idempotent and safe with
 * several replicas starting at once: deterministic ids, skipDuplicates, one advisory lock.
 * Rows already there are left as they are.
 */
export async function seedSystemCatalog(prisma: PrismaClient): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('estimates:seed-system-catalog'))`
    await tx.phaseGroup.createMany({
      skipDuplicates: true,
      data: PHASE_GROUPS.map((g) => ({ id: stableId(`phase-group:${g.key}`), organizationId: null, name: g.name, description: g.description })),
    })
    await tx.phaseGroupPhase.createMany({
      skipDuplicates: true,
      data: PHASE_GROUPS.flatMap((g) =>
        g.phases.map(([name, pct, description, costCodes], i) => ({
          id: stableId(`phase:${g.key}:${i}`),
          phaseGroupId: stableId(`phase-group:${g.key}`),
          organizationId: null,
          name,
          description,
          defaultPercentage: pct,
          costCodes,
          sortOrder: i,
        })),
      ),
    })
    await tx.projectType.createMany({
      skipDuplicates: true,
      data: PROJECT_TYPES.map((p, i) => ({
        id: systemProjectTypeId(p.key),
        organizationId: null,
        name: p.name,
        description: p.description,
        icon: p.icon,
        isSystemTemplate: true,
        sortOrder: i,
      })),
    })
    await tx.projectTypePhaseGroup.createMany({
      skipDuplicates: true,
      data: PROJECT_TYPES.map((p) => ({
        projectTypeId: systemProjectTypeId(p.key),
        phaseGroupId: stableId(`phase-group:${p.group}`),
        organizationId: null,
        isDefault: true,
      })),
    })
    await tx.template.createMany({
      skipDuplicates: true,
      data: TEMPLATES.map((t) => ({
        id: systemTemplateId(t.key),
        organizationId: null,
        name: t.name,
        description: t.description,
        category: t.category,
        isSystemTemplate: true,
        isDefault: true,
      })),
    })
    await tx.templateSection.createMany({
      skipDuplicates: true,
      data: TEMPLATES.flatMap((t) =>
        t.sections.map((s, i) => ({
          id: stableId(`template-section:${t.key}:${i}`),
          templateId: systemTemplateId(t.key),
          organizationId: null,
          name: s.name,
          description: s.description ?? null,
          sortOrder: i,
        })),
      ),
    })
    await tx.templateLineItem.createMany({
      skipDuplicates: true,
      data: TEMPLATES.flatMap((t) =>
        t.sections.flatMap((s, i) =>
          s.items.map(([name, quantity, unit, cost, description], j) => ({
            id: stableId(`template-item:${t.key}:${i}:${j}`),
            templateSectionId: stableId(`template-section:${t.key}:${i}`),
            organizationId: null,
            name,
            description: description ?? null,
            quantity,
            unit,
            cost,
            sortOrder: j,
          })),
        ),
      ),
    })
  })
}
