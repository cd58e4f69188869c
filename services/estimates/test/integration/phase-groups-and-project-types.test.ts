import { SYSTEM_ROLE_PERMISSIONS, ZPhaseGroup, ZProjectType, ZSettingsPhase } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, type EstimatesTestService, newOrgId, ROOFING, startEstimatesTestService } from '../support/estimates-test-service.js'

// Spec 001 §2 Settings (Phase Groups and Project Types tabs), §3, §4, §5, §7, §8.

let svc: EstimatesTestService

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

const fieldErrors = (body: any) => Object.fromEntries(body.errors.map((e: any) => [e.field, e.message]))

async function systemGroupId() {
  return (await svc.deps.prisma.phaseGroup.findFirstOrThrow({ where: { organizationId: null } })).id
}

async function newGroup(orgId: string, name = 'Solar install') {
  const res = await svc.as(orgId)('POST', '/phase-groups', { name, description: ' Panels and inverter ' })
  expect(res.status).toBe(201)
  return ZPhaseGroup.strict().parse(res.body)
}

async function newType(orgId: string, body: Record<string, unknown> = { name: 'Solar', icon: 'layers' }) {
  const res = await svc.as(orgId)('POST', '/project-types', body)
  expect(res.status).toBe(201)
  return ZProjectType.strict().parse(res.body)
}

describe('phase groups', () => {
  it('creates, lists, renames and deletes an organisation group; lists system groups first and never another organisation’s', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const group = await newGroup(orgId)
    expect(group).toMatchObject({ name: 'Solar install', description: 'Panels and inverter', isSystemTemplate: false, phases: [], projectTypes: [] })
    await newGroup(newOrgId(), 'Their group')

    const list = (await api('GET', '/phase-groups')).body.map((g: unknown) => ZPhaseGroup.strict().parse(g))
    expect(list.at(-1).id).toBe(group.id)
    expect(list.filter((g: any) => !g.isSystemTemplate).map((g: any) => g.name)).toEqual(['Solar install'])
    expect(list[0].isSystemTemplate).toBe(true)
    expect(list[0].phases.length).toBeGreaterThan(0)

    const put = await api('PUT', `/phase-groups/${group.id}`, { name: 'Solar PV', description: '' })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ name: 'Solar PV', description: null })
    expect((await api('DELETE', `/phase-groups/${group.id}`)).status).toBe(204)
    expect((await api('GET', `/phase-groups/${group.id}/phases`)).status).toBe(404)
  })

  it('answers 400 naming the field with the spec message', async () => {
    const api = svc.as(newOrgId())
    const res = await api('POST', '/phase-groups', { name: '   ' })
    expect(res.status).toBe(400)
    expect(fieldErrors(res.body)).toEqual({ name: 'Phase group name is required' })
    expect(fieldErrors((await api('POST', '/phase-groups', {})).body)).toEqual({ name: 'Phase group name is required' })
  })

  it('answers 403 with a clear message for system groups and their phases, 404 for another organisation’s', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const system = await systemGroupId()
    for (const res of [
      await api('PUT', `/phase-groups/${system}`, { name: 'Mine now' }),
      await api('DELETE', `/phase-groups/${system}`),
      await api('POST', `/phase-groups/${system}/phases`, { name: 'Extra', defaultPercentage: 5 }),
    ]) {
      expect(res.status).toBe(403)
      expect(res.body.detail).toMatch(/^System phase groups cannot be edited/)
    }
    const systemPhase = (await api('GET', `/phase-groups/${system}/phases`)).body[0]
    expect((await api('PUT', `/phases/${systemPhase.id}`, { name: 'X', defaultPercentage: 1 })).status).toBe(403)
    expect((await api('DELETE', `/phases/${systemPhase.id}`)).status).toBe(403)

    const theirs = await newGroup(newOrgId(), 'Theirs')
    const theirPhase = (await svc.as(newOrgId())('GET', '/phase-groups')).body // warm: other orgs never see it
    expect(theirPhase.some((g: any) => g.id === theirs.id)).toBe(false)
    expect((await api('PUT', `/phase-groups/${theirs.id}`, { name: 'Stolen' })).status).toBe(404)
    expect((await api('DELETE', `/phase-groups/${theirs.id}`)).status).toBe(404)
    expect((await api('GET', `/phase-groups/${theirs.id}/phases`)).status).toBe(404)
    expect((await api('POST', `/phase-groups/${theirs.id}/phases`, { name: 'X', defaultPercentage: 1 })).status).toBe(404)
    expect((await api('PUT', '/phase-groups/not-a-uuid', { name: 'X' })).status).toBe(404)
  })

  it('needs the cost estimator permissions', async () => {
    const viewer = svc.as(newOrgId(), { permissions: SYSTEM_ROLE_PERMISSIONS.Viewer })
    expect((await viewer('GET', '/phase-groups')).status).toBe(200)
    expect((await viewer('POST', '/phase-groups', { name: 'X' })).status).toBe(403)
  })
})

describe('phases of a group', () => {
  it('creates phases last (count + 1), rounds percentages to 0.01, updates and deletes them', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const group = await newGroup(orgId)
    const a = await api('POST', `/phase-groups/${group.id}/phases`, { name: 'Mounting', costCodes: '06-100, 06-200', defaultPercentage: '40' })
    expect(a.status).toBe(201)
    expect(ZSettingsPhase.strict().parse(a.body)).toMatchObject({ name: 'Mounting', costCode: '06-100, 06-200', percentage: '40.00', sortOrder: 1 })
    const b = await api('POST', `/phase-groups/${group.id}/phases`, { name: 'Electrical', description: 'Inverter', defaultPercentage: 33.333 })
    expect(b.body).toMatchObject({ percentage: '33.33', sortOrder: 2, costCode: null, description: 'Inverter' })

    const put = await api('PUT', `/phases/${a.body.id}`, { name: 'Racking', defaultPercentage: 66.67, costCodes: '' })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ name: 'Racking', percentage: '66.67', costCode: null, sortOrder: 1 })
    const phases = (await api('GET', `/phase-groups/${group.id}/phases`)).body
    expect(phases.map((p: any) => [p.name, p.percentage])).toEqual([
      ['Racking', '66.67'],
      ['Electrical', '33.33'],
    ])
    expect((await api('DELETE', `/phases/${b.body.id}`)).status).toBe(204)
    expect((await api('GET', `/phase-groups/${group.id}/phases`)).body).toHaveLength(1)
    expect((await svc.as(newOrgId())('PUT', `/phases/${a.body.id}`, { name: 'X', defaultPercentage: 1 })).status).toBe(404)
    expect((await svc.as(newOrgId())('DELETE', `/phases/${a.body.id}`)).status).toBe(404)
  })

  it('answers 400 with the spec messages: name and percentage required, percentage 0 to 100', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const group = await newGroup(orgId)
    const path = `/phase-groups/${group.id}/phases`
    expect(fieldErrors((await api('POST', path, {})).body)).toEqual({ name: 'Phase name is required', defaultPercentage: 'Percentage is required' })
    expect(fieldErrors((await api('POST', path, { name: 'X', defaultPercentage: 100.01 })).body)).toEqual({
      defaultPercentage: 'Percentage must be between 0 and 100',
    })
    expect(fieldErrors((await api('POST', path, { name: 'X', defaultPercentage: -1 })).body)).toEqual({
      defaultPercentage: 'Percentage must be between 0 and 100',
    })
    expect(fieldErrors((await api('POST', path, { name: 'X', defaultPercentage: 'lots' })).body)).toEqual({ defaultPercentage: 'Percentage is required' })
    expect(fieldErrors((await api('POST', path, { name: 'X', defaultPercentage: 5, sortOrder: 1.5 })).body)).toEqual({
      sortOrder: 'sortOrder must be a whole number',
    })
    expect((await api('POST', path, { name: 'Edge', defaultPercentage: '100' })).status).toBe(201)
  })
})

describe('project types', () => {
  it('creates, edits and deletes an organisation type; the list shows it beside the system ones', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const type = await newType(orgId, { name: '  Solar  ', description: 'PV systems' })
    expect(type).toMatchObject({ name: 'Solar', description: 'PV systems', icon: 'package', isSystemTemplate: false, phaseGroups: [] })
    const list = (await api('GET', '/project-types')).body
    expect(list.filter((t: any) => t.isSystemTemplate).length).toBeGreaterThan(0)
    expect(list.at(-1).id).toBe(type.id)
    expect((await svc.as(newOrgId())('GET', '/project-types')).body.some((t: any) => t.id === type.id)).toBe(false)

    const put = await api('PUT', `/project-types/${type.id}`, { name: 'Solar PV', icon: 'building' })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ name: 'Solar PV', icon: 'building', description: null })
    expect((await svc.as(newOrgId())('PUT', `/project-types/${type.id}`, { name: 'Mine' })).status).toBe(404)
    expect((await svc.as(newOrgId())('DELETE', `/project-types/${type.id}`)).status).toBe(404)
    expect((await api('DELETE', `/project-types/${type.id}`)).status).toBe(204)
    expect((await api('GET', '/project-types')).body.some((t: any) => t.id === type.id)).toBe(false)
  })

  it('answers 400 with "Project type name is required" and refuses unknown icons', async () => {
    const api = svc.as(newOrgId())
    expect(fieldErrors((await api('POST', '/project-types', { name: '' })).body)).toEqual({ name: 'Project type name is required' })
    expect(fieldErrors((await api('POST', '/project-types', { name: 'X', icon: 'rocket' })).body)).toEqual({
      icon: 'Icon must be one of hammer, home, building, package, layers',
    })
  })

  it('refuses changes to system types with 403 "Cannot Edit System Template - …"', async () => {
    const api = svc.as(newOrgId())
    const message = 'Cannot Edit System Template - System default project types cannot be edited. They are built-in templates provided by the system.'
    const group = await systemGroupId()
    for (const res of [
      await api('PUT', `/project-types/${ROOFING}`, { name: 'Roofs' }),
      await api('DELETE', `/project-types/${ROOFING}`),
      await api('POST', `/project-types/${ROOFING}/phase-groups/${group}/link`, { isDefault: true }),
      await api('DELETE', `/project-types/${ROOFING}/phase-groups/${group}/link`),
    ]) {
      expect(res.status).toBe(403)
      expect(res.body.detail).toBe(message)
    }
  })
})

describe('linking phase groups to project types', () => {
  it('links groups with one default per type, moves the default, unlinks, and 404s what is not the organisation’s', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const type = await newType(orgId)
    const mine = await newGroup(orgId)
    const system = await systemGroupId()
    const link = (groupId: string) => `/project-types/${type.id}/phase-groups/${groupId}/link`

    // The first link becomes the default when none is asked for; a later one does not.
    const first = await api('POST', link(mine.id), {})
    expect(first.status).toBe(200)
    expect(first.body.phaseGroups.map((g: any) => [g.id, g.isDefault])).toEqual([[mine.id, true]])
    const second = await api('POST', link(system), {})
    expect(
      ZProjectType.strict()
        .parse(second.body)
        .phaseGroups.map((g) => [g.id, g.isDefault]),
    ).toEqual([
      [mine.id, true],
      [system, false],
    ])
    // isDefault true takes the default from the other link.
    const moved = await api('POST', link(system), { isDefault: true })
    expect(moved.body.phaseGroups.map((g: any) => [g.id, g.isDefault])).toEqual([
      [system, true],
      [mine.id, false],
    ])
    const links = await svc.deps.prisma.projectTypePhaseGroup.count({ where: { projectTypeId: type.id, isDefault: true } })
    expect(links).toBe(1)
    expect((await api('GET', '/phase-groups')).body.find((g: any) => g.id === mine.id).projectTypes).toEqual([{ id: type.id, name: 'Solar', isDefault: false }])

    expect(fieldErrors((await api('POST', link(mine.id), { isDefault: 'yes' })).body)).toEqual({ isDefault: 'isDefault must be true or false' })
    const theirs = await newGroup(newOrgId(), 'Theirs')
    expect((await api('POST', link(theirs.id), {})).status).toBe(404)
    expect((await svc.as(newOrgId())('POST', link(system), {})).status).toBe(404)

    const unlinked = await api('DELETE', link(system))
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.phaseGroups.map((g: any) => g.id)).toEqual([mine.id])
    expect((await api('DELETE', link(system))).status).toBe(404)
  })

  it('deleting a linked group unlinks it from its project types', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const type = await newType(orgId)
    const group = await newGroup(orgId)
    await api('POST', `/project-types/${type.id}/phase-groups/${group.id}/link`, { isDefault: true })
    expect((await api('DELETE', `/phase-groups/${group.id}`)).status).toBe(204)
    const after = (await api('GET', '/project-types')).body.find((t: any) => t.id === type.id)
    expect(after.phaseGroups).toEqual([])
  })

  it("an estimate of a custom type gets its default group's phases and percentages", async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const type = await newType(orgId)
    const group = await newGroup(orgId)
    const other = await newGroup(orgId, 'Not the default')
    await api('POST', `/phase-groups/${group.id}/phases`, { name: 'Mounting', defaultPercentage: 40, costCodes: '06-100' })
    await api('POST', `/phase-groups/${group.id}/phases`, { name: 'Electrical', defaultPercentage: 60 })
    await api('POST', `/phase-groups/${other.id}/phases`, { name: 'Never', defaultPercentage: 100 })
    await api('POST', `/project-types/${type.id}/phase-groups/${other.id}/link`, {})
    await api('POST', `/project-types/${type.id}/phase-groups/${group.id}/link`, { isDefault: true })

    const estimate = await createEstimate(api, { projectTypeId: type.id, totalCost: '25000.00' })
    expect(estimate.projectType).toMatchObject({ id: type.id, name: 'Solar', icon: 'layers' })
    const phases = (await api('GET', `/estimates/${estimate.id}/phases`)).body
    expect(phases.map((p: any) => [p.name, p.percentage, p.amount])).toEqual([
      ['Mounting', '40.00', '10000.00'],
      ['Electrical', '60.00', '15000.00'],
    ])
  })
})
