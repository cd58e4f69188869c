import type { Phase } from '@plumbline/contracts'
import type { Api } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, type EstimatesTestService, newOrgId, startEstimatesTestService } from '../support/estimates-test-service.js'

let svc: EstimatesTestService

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

async function withPhases(api: Api) {
  const e = await createEstimate(api, { totalCost: '10000' })
  const phases = (await api('GET', `/estimates/${e.id}/phases`)).body as { id: string; percentage: string; amount: string; isEnabled: boolean }[]
  return { e, phases }
}
const body = (phases: { id: string; percentage: string; amount: string; isEnabled: boolean }[]) => ({
  phases: phases.map(({ id, percentage, amount, isEnabled }) => ({ id, percentage, amount, isEnabled })),
})

describe('PATCH /estimates/:id/phases/budget', () => {
  it('saves a balanced budget: amounts saved and adjustedCost = amount', async () => {
    const api = svc.as(newOrgId())
    const { e, phases } = await withPhases(api)
    // roofing: 5, 15, 10, 15, 45, 10 → move 5 points from installation to deck repair
    const next = phases.map((p, i) => (i === 2 ? { ...p, percentage: '15', amount: '1500' } : i === 4 ? { ...p, percentage: 40, amount: 4000.5 } : p))
    const res = await api('PATCH', `/estimates/${e.id}/phases/budget`, body(next as never))
    expect(res.status, res.text).toBe(200)
    expect(res.body[2]).toMatchObject({ percentage: '15.00', amount: '1500.00', adjustedCost: '1500.00' })
    expect(res.body[4]).toMatchObject({ percentage: '40.00', amount: '4000.50', adjustedCost: '4000.50' })
    expect((await api('GET', `/estimates/${e.id}/phases`)).body).toEqual(res.body)
  })

  it('accepts totals within 100 ± 0.1 and refuses anything outside with a clear message', async () => {
    const api = svc.as(newOrgId())
    const { e, phases } = await withPhases(api)
    const withLast = (pct: string) => body(phases.map((p, i) => (i === phases.length - 1 ? { ...p, percentage: pct } : p)))
    expect((await api('PATCH', `/estimates/${e.id}/phases/budget`, withLast('10.10'))).status).toBe(200) // 100.10
    expect((await api('PATCH', `/estimates/${e.id}/phases/budget`, withLast('9.90'))).status).toBe(200) // 99.90
    const over = await api('PATCH', `/estimates/${e.id}/phases/budget`, withLast('10.11'))
    expect(over.status).toBe(400)
    expect(over.body.message).toBe('Enabled phases total 100.11%, which is over-allocated by 0.11%. Adjust them to total 100% (±0.1).')
    const under = await api('PATCH', `/estimates/${e.id}/phases/budget`, withLast('9.89'))
    expect(under.status).toBe(400)
    expect(under.body.message).toBe('Enabled phases total 99.89%, leaving 0.11% unallocated. Adjust them to total 100% (±0.1).')
  })

  it('counts only enabled phases, including phases not sent', async () => {
    const api = svc.as(newOrgId())
    const { e, phases } = await withPhases(api)
    // Disabling the 45% phase leaves 55% enabled: refused.
    const disabled = await api('PATCH', `/estimates/${e.id}/phases/budget`, body([{ ...phases[4], isEnabled: false }]))
    expect(disabled.status).toBe(400)
    // Disable it and give its share to another phase: balanced.
    const moved = await api(
      'PATCH',
      `/estimates/${e.id}/phases/budget`,
      body([
        { ...phases[4], isEnabled: false },
        { ...phases[0], percentage: '50', amount: '5000' },
      ]),
    )
    expect(moved.status, moved.text).toBe(200)
    expect(moved.body[4].isEnabled).toBe(false)
  })

  it('refuses phases of another estimate, unknown or repeated ids and bad percentages', async () => {
    const api = svc.as(newOrgId())
    const { e, phases } = await withPhases(api)
    const { phases: others } = await withPhases(api)
    const foreign = await api('PATCH', `/estimates/${e.id}/phases/budget`, body([...phases.slice(1), others[0]]))
    expect(foreign.status).toBe(400)
    expect(foreign.body.message).toBe('Every phase must belong to this estimate')
    expect((await api('PATCH', `/estimates/${e.id}/phases/budget`, body([{ ...phases[0], id: 'nope' }]))).status).toBe(400)
    expect((await api('PATCH', `/estimates/${e.id}/phases/budget`, body([phases[0], phases[0]]))).status).toBe(400)
    expect((await api('PATCH', `/estimates/${e.id}/phases/budget`, body([{ ...phases[0], percentage: '101' }]))).status).toBe(400)
    expect((await api('PATCH', `/estimates/${e.id}/phases/budget`, { phases: [] })).status).toBe(400)
    // Nothing changed.
    expect((await api('GET', `/estimates/${e.id}/phases`)).body.map((p: Phase) => p.percentage)).toEqual(phases.map((p) => p.percentage))
  })
})

describe('content sections and links', () => {
  it('saves only when the trimmed text differs, and marks the link customised', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const path = `/estimates/${e.id}/content/scope_of_work`
    const first = await api('PATCH', path, { content: '  Replace the roof.  ' })
    expect(first.body).toEqual({ changed: true, content: 'Replace the roof.' })
    const before = (await api('GET', `/estimates/${e.id}`)).body
    expect(before.contentSections.scope_of_work).toBe('Replace the roof.')
    const same = await api('PATCH', path, { content: 'Replace the roof.\n' })
    expect(same.body).toEqual({ changed: false, content: 'Replace the roof.' })
    expect((await api('GET', `/estimates/${e.id}`)).body.updatedAt).toBe(before.updatedAt)
    const links = (await api('GET', `/estimates/${e.id}/content-links`)).body
    expect(links.find((l: { role: string }) => l.role === 'scope_of_work').isCustomized).toBe(true)
    expect(links.find((l: { role: string }) => l.role === 'timeline').isCustomized).toBe(false)
    // Empty text on an empty section is no change; clearing a filled one is.
    expect((await api('PATCH', `/estimates/${e.id}/content/timeline`, { content: '   ' })).body).toEqual({ changed: false, content: null })
    expect((await api('PATCH', path, { content: '' })).body).toEqual({ changed: true, content: null })
  })

  it('refuses unknown section types and bad bodies', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    expect((await api('PATCH', `/estimates/${e.id}/content/summary`, { content: 'x' })).status).toBe(404)
    expect((await api('PATCH', `/estimates/${e.id}/content/timeline`, { content: 5 })).status).toBe(400)
    expect((await api('PATCH', `/estimates/${e.id}/content/timeline`, {})).status).toBe(400)
  })

  it('sets visibility flags of one link of the estimate', async () => {
    const api = svc.as(newOrgId())
    const e = await createEstimate(api)
    const other = await createEstimate(api)
    const links = (await api('GET', `/estimates/${e.id}/content-links`)).body
    const qa = links.find((l: { role: string }) => l.role === 'qa_notes')
    const res = await api('PATCH', `/estimates/${e.id}/content-links/${qa.id}/visibility`, { showToClient: false, includeInPdf: true, includeInWebLink: false })
    expect(res.body).toEqual({ ...qa, showToClient: false, includeInPdf: true, includeInWebLink: false })
    expect(
      (await api('PATCH', `/estimates/${other.id}/content-links/${qa.id}/visibility`, { showToClient: false, includeInPdf: false, includeInWebLink: false }))
        .status,
    ).toBe(404)
    expect((await api('PATCH', `/estimates/${e.id}/content-links/${qa.id}/visibility`, { showToClient: false })).status).toBe(400)
  })
})
