import type { Estimate, FieldError, LineItem, ProjectType, Template } from '@plumbline/contracts'
import { LINE_ITEM_UNITS, SYSTEM_ROLE_PERMISSIONS, ZProjectType, ZTemplate } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ORGANIZATION_ID, seedDemoEstimates } from '../../src/seed/seed-demo-estimates.js'
import { seedSystemCatalog } from '../../src/seed/seed-system-catalog.js'
import { type EstimatesTestService, newOrgId, startEstimatesTestService } from '../support/estimates-test-service.js'

type TemplateLineItem = Template['sections'][number]['lineItems'][number]

let svc: EstimatesTestService

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

const templateInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'My Deck Template',
  description: 'Composite deck',
  category: 'general_construction',
  sections: [
    {
      name: 'Framing',
      lineItems: [
        { name: 'Joists', quantity: '12', unit: 'each', cost: '18.5' },
        { name: 'Labor', quantity: 8, unit: 'hours', cost: 60 },
      ],
    },
  ],
  ...overrides,
})

describe('GET /project-types', () => {
  it("lists the system project types with icons, plus the organisation's own only", async () => {
    const orgId = newOrgId()
    await svc.deps.prisma.projectType.create({ data: { organizationId: orgId, name: 'Solar', icon: 'layers', isSystemTemplate: false } })
    await svc.deps.prisma.projectType.create({ data: { organizationId: newOrgId(), name: "Someone else's", isSystemTemplate: false } })
    const res = await svc.as(orgId)('GET', '/project-types')
    expect(res.status).toBe(200)
    const types = res.body.map((t: unknown) => ZProjectType.strict().parse(t))
    expect(types.map((t: ProjectType) => [t.name, t.icon, t.isSystemTemplate])).toEqual([
      ['Residential Construction', 'home', true],
      ['Remodeling & Renovation', 'hammer', true],
      ['Maintenance & Repair', 'tools', true],
      ['Fire Restoration', 'fire', true],
      ['Roofing', 'home', true],
      ['Commercial', 'building', true],
      ['Solar', 'layers', false],
    ])
  })
})

describe('GET /project-types: linked phase groups (spec 001 §3)', () => {
  it("answers each type with its phase groups, the link's isDefault and the phases in order; never another organisation's", async () => {
    const orgId = newOrgId()
    const other = newOrgId()
    const db = svc.deps.prisma
    const solar = await db.projectType.create({ data: { organizationId: orgId, name: 'Solar', icon: 'layers', isSystemTemplate: false } })
    const mine = await db.phaseGroup.create({
      data: {
        organizationId: orgId,
        name: 'Solar install',
        description: 'Panels and inverter',
        phases: {
          create: [
            { organizationId: orgId, name: 'Mounting', defaultPercentage: '40', costCodes: '06-100', sortOrder: 1 },
            { organizationId: orgId, name: 'Electrical', defaultPercentage: '60', costCodes: null, sortOrder: 2 },
          ],
        },
      },
    })
    const theirs = await db.phaseGroup.create({ data: { organizationId: other, name: 'Secret group' } })
    const roofing = (await db.projectType.findFirstOrThrow({ where: { organizationId: null, name: 'Roofing' } })).id
    const systemLink = await db.projectTypePhaseGroup.findFirstOrThrow({ where: { projectTypeId: roofing }, include: { phaseGroup: true } })
    await db.projectTypePhaseGroup.createMany({
      data: [
        { projectTypeId: solar.id, phaseGroupId: mine.id, organizationId: orgId, isDefault: true },
        { projectTypeId: solar.id, phaseGroupId: systemLink.phaseGroupId, organizationId: orgId, isDefault: false },
        // Another organisation linked its own group to a system type: not ours to see.
        { projectTypeId: roofing, phaseGroupId: theirs.id, organizationId: other, isDefault: false },
      ],
    })

    const res = await svc.as(orgId)('GET', '/project-types')
    expect(res.status).toBe(200)
    const types = res.body.map((t: unknown) => ZProjectType.strict().parse(t))
    const byName = Object.fromEntries(types.map((t: any) => [t.name, t]))
    // Every system type carries its seeded default group, whose phases add up to 100 %.
    for (const t of types.filter((x: any) => x.isSystemTemplate)) {
      expect(t.phaseGroups.length, t.name).toBeGreaterThanOrEqual(1)
      expect(t.phaseGroups[0].isDefault).toBe(true)
      expect(t.phaseGroups[0].phases.reduce((s: number, p: any) => s + Number(p.percentage), 0)).toBeCloseTo(100, 2)
    }
    expect(byName.Roofing.phaseGroups.map((g: any) => g.name)).toEqual([systemLink.phaseGroup.name])
    expect(byName.Solar.phaseGroups).toEqual([
      {
        id: mine.id,
        name: 'Solar install',
        description: 'Panels and inverter',
        isDefault: true,
        phases: [
          { id: expect.any(String), name: 'Mounting', description: null, percentage: '40.00', costCode: '06-100' },
          { id: expect.any(String), name: 'Electrical', description: null, percentage: '60.00', costCode: null },
        ],
      },
      expect.objectContaining({ id: systemLink.phaseGroupId, isDefault: false }),
    ])
    // The other organisation sees its link on Roofing, and nothing of ours.
    const theirTypes = (await svc.as(other)('GET', '/project-types')).body
    expect(theirTypes.find((t: any) => t.name === 'Roofing').phaseGroups.map((g: any) => g.name)).toContain('Secret group')
    expect(theirTypes.find((t: any) => t.name === 'Solar')).toBeUndefined()
  })
})

describe('templates', () => {
  it('lists six system templates with realistic sections and units', async () => {
    const res = await svc.as(newOrgId())('GET', '/templates')
    const templates = res.body.map((t: unknown) => ZTemplate.parse(t))
    expect(templates.map((t: Template) => t.category).sort()).toEqual(['electrical', 'flooring', 'general_construction', 'painting', 'plumbing', 'roofing'])
    for (const t of templates) {
      expect(t.isSystemTemplate).toBe(true)
      expect(t.sections.length).toBeGreaterThanOrEqual(2)
      for (const s of t.sections)
        for (const i of s.lineItems) {
          expect(LINE_ITEM_UNITS).toContain(i.unit)
          expect(Number(i.cost)).toBeGreaterThan(0)
        }
    }
    expect((await svc.as(newOrgId())('GET', '/templates?category=roofing')).body).toHaveLength(1)
    expect((await svc.as(newOrgId())('GET', '/templates?category=boats')).status).toBe(400)
  })

  it("creates, replaces and deletes the organisation's own templates", async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const created = await api('POST', '/templates', templateInput({ isDefault: true }))
    expect(created.status, created.text).toBe(201)
    expect(ZTemplate.parse(created.body)).toMatchObject({ name: 'My Deck Template', isSystemTemplate: false, isDefault: true })
    expect(created.body.sections[0].lineItems.map((i: TemplateLineItem) => [i.quantity, i.cost])).toEqual([
      ['12.000', '18.50'],
      ['8.000', '60.00'],
    ])
    const second = (await api('POST', '/templates', templateInput({ name: 'Second', isDefault: true }))).body
    const mine = (await api('GET', '/templates')).body.filter((t: Template) => !t.isSystemTemplate)
    expect(mine.map((t: Template) => [t.name, t.isDefault])).toEqual([
      ['My Deck Template', false],
      ['Second', true],
    ])

    const put = await api('PUT', `/templates/${created.body.id}`, templateInput({ name: 'Renamed', sections: [{ name: 'Only', lineItems: [] }] }))
    expect(put.body).toMatchObject({ name: 'Renamed', sections: [{ name: 'Only', lineItems: [] }] })
    expect((await svc.as(newOrgId())('GET', '/templates')).body.some((t: Template) => t.id === second.id)).toBe(false)
    expect((await svc.as(newOrgId())('PUT', `/templates/${second.id}`, templateInput())).status).toBe(404)
    expect((await api('DELETE', `/templates/${created.body.id}`)).status).toBe(204)
    expect((await api('DELETE', `/templates/${created.body.id}`)).status).toBe(404)
    expect(await svc.deps.prisma.templateLineItem.count({ where: { organizationId: orgId } })).toBe(2)
  })

  it('refuses edits of system templates with 403 and a clear message, and validates input', async () => {
    const api = svc.as(newOrgId())
    const system = (await api('GET', '/templates')).body[0]
    const put = await api('PUT', `/templates/${system.id}`, templateInput())
    expect(put.status).toBe(403)
    expect(put.body.message).toBe('System templates are read-only. Create your own template to customise it.')
    expect((await api('DELETE', `/templates/${system.id}`)).status).toBe(403)
    const bad = await api('POST', '/templates', { name: '', category: '' })
    expect(Object.fromEntries(bad.body.errors.map((e: FieldError) => [e.field, e.message]))).toMatchObject({
      name: 'Template name is required',
      category: 'Please select a category',
    })
    expect((await svc.as(newOrgId(), { permissions: SYSTEM_ROLE_PERMISSIONS.Viewer })('POST', '/templates', templateInput())).status).toBe(403)
  })
})

describe('seeding', () => {
  it('system catalog is idempotent and concurrent-safe', async () => {
    const before = await Promise.all([svc.deps.prisma.projectType.count(), svc.deps.prisma.templateLineItem.count(), svc.deps.prisma.phaseGroupPhase.count()])
    await Promise.all([seedSystemCatalog(svc.deps.prisma), seedSystemCatalog(svc.deps.prisma)])
    const after = await Promise.all([svc.deps.prisma.projectType.count(), svc.deps.prisma.templateLineItem.count(), svc.deps.prisma.phaseGroupPhase.count()])
    expect(after).toEqual(before)
    // Every system phase group totals 100 %.
    const groups = await svc.deps.prisma.phaseGroup.findMany({ where: { organizationId: null }, include: { phases: true } })
    for (const g of groups) expect(g.phases.reduce((s, p) => s + Number(p.defaultPercentage), 0)).toBe(100)
  })

  it('demo estimates land once in the demo organisation with sections and line items', async () => {
    expect(await seedDemoEstimates(svc.deps)).toBe(4)
    expect(await seedDemoEstimates(svc.deps)).toBe(0)
    const api = svc.as(DEMO_ORGANIZATION_ID)
    const list = (await api('GET', '/estimates?sortBy=projectName&sortOrder=asc')).body
    expect(list.total).toBe(4)
    for (const e of list.estimates) {
      const sections = (await api('GET', `/estimates/${e.id}/sections`)).body
      expect(sections.length).toBeGreaterThanOrEqual(2)
      for (const s of sections)
        expect(s.total).toBe(
          s.lineItems.reduce((n: number, i: LineItem) => n + Math.round(Number(i.totalCost) * 100), 0) / 100 === Number(s.total) ? s.total : 'mismatch',
        )
      expect((await api('GET', `/estimates/${e.id}/phases`)).body.length).toBeGreaterThan(0)
    }
    const approved = list.estimates.find((e: Estimate) => e.status === 'approved')
    expect((await api('GET', `/estimates/${approved.id}`)).body.lockedAt).not.toBeNull()
  })
})
