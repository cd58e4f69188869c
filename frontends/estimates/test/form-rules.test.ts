import { ZEstimatePayload } from '@plumbline/contracts'
import { iconName, projectTypeIcon } from '@plumbline/ui'
import { Building2, Flame, Hammer, House, Layers, Package, Wrench } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { formatTotal, truncate } from '../src/components/format/format'
import { statusStyle } from '../src/components/status/status-badge'
import { groupByCategory, normalizeCategory } from '../src/components/template-category/template-category'
import { EMPTY_FORM, MESSAGES, missingInfoForAI, suggestProjectName, toEstimatePayload, ZEstimateForm } from '../src/pages/estimate-dialog/form-schema'
import { progressValue, stepState, visibleIndex } from '../src/pages/estimate-dialog/progress-steps'
import { sectionPreview } from '../src/pages/estimate-dialog/template-picker'

describe('project name rule (spec 000 §4)', () => {
  it("is '{type name} - {client name or Client}'", () => {
    expect(suggestProjectName('Roof Replacement', 'Jane Doe')).toBe('Roof Replacement - Jane Doe')
    expect(suggestProjectName('Roof Replacement', '')).toBe('Roof Replacement - Client')
    expect(suggestProjectName('Roof Replacement', '   ')).toBe('Roof Replacement - Client')
    expect(suggestProjectName('Deck', undefined)).toBe('Deck - Client')
  })
})

describe('estimate form validation (spec 000 §5)', () => {
  it('reports the spec messages for an empty form', () => {
    const r = ZEstimateForm.safeParse(EMPTY_FORM)
    expect(r.success).toBe(false)
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(byPath).toMatchObject({
      projectTypeId: 'Please select a project type',
      projectName: 'Project name is required',
      clientName: 'Client name is required',
      clientEmail: 'Please enter a valid email',
      propertyAddress: 'Property address is required',
      totalCost: 'Total cost is required',
    })
    expect(byPath.squareFootage).toBeUndefined()
  })
  it('does not check total cost as a number, but square footage must be whole', () => {
    const ok = { ...EMPTY_FORM, projectTypeId: 't', projectName: 'p', clientName: 'c', clientEmail: 'c@x.io', propertyAddress: 'a', totalCost: 'about 10k' }
    expect(ZEstimateForm.safeParse(ok).success).toBe(true)
    const bad = ZEstimateForm.safeParse({ ...ok, squareFootage: '12.5' })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0]!.message).toBe(MESSAGES.squareFootage)
  })
})

describe('payload', () => {
  const values = {
    ...EMPTY_FORM,
    projectTypeId: 't1',
    templateId: 'tpl',
    projectName: ' P ',
    clientName: 'C',
    clientEmail: 'c@x.io',
    propertyAddress: '1 Main St',
    totalCost: '12500.50',
    squareFootage: '1800',
    specialFeatures: 'deck',
    meetingTranscript: '',
  }
  it('sends total cost as the entered string, square footage as an integer and an empty AI summary on create', () => {
    const p = toEstimatePayload(values, 'create')
    expect(p).toEqual({
      projectTypeId: 't1',
      projectName: 'P',
      clientName: 'C',
      clientEmail: 'c@x.io',
      propertyAddress: '1 Main St',
      totalCost: '12500.50',
      squareFootage: 1800,
      specialFeatures: 'deck',
      meetingTranscript: '',
      aiSummary: '',
    })
    expect(ZEstimatePayload.safeParse(p).success).toBe(true)
  })
  it('leaves the AI summary alone on edit and clears an emptied square footage', () => {
    const p = toEstimatePayload({ ...values, squareFootage: '' }, 'edit')
    expect('aiSummary' in p).toBe(false)
    expect(p.squareFootage).toBeNull()
  })
  it('needs a project type and a total cost before manual AI generation', () => {
    expect(missingInfoForAI({ projectTypeId: '', totalCost: '10' })).toBe(true)
    expect(missingInfoForAI({ projectTypeId: 't', totalCost: ' ' })).toBe(true)
    expect(missingInfoForAI({ projectTypeId: 't', totalCost: '10' })).toBe(false)
  })
})

describe('progress steps (spec 000 §4)', () => {
  it('fills the bar by step / 4 × 100, capped at 100', () => {
    expect([1, 2, 3, 4, 6].map((s) => progressValue(s as never))).toEqual([25, 50, 75, 100, 100])
  })
  it('maps flow steps onto Validate, Create, Setup, Complete', () => {
    expect([1, 2, 3, 4, 5, 6].map((s) => visibleIndex(s as never))).toEqual([0, 1, 2, 2, 2, 3])
    expect([0, 1, 2, 3].map((i) => stepState(i, 3))).toEqual(['done', 'done', 'current', 'pending'])
    expect(stepState(3, 6)).toBe('done')
  })
})

describe('display helpers', () => {
  it("shows totals in US dollars or 'Draft'", () => {
    expect(formatTotal('12500.5')).toBe('$12,500.50')
    expect(formatTotal(null)).toBe('Draft')
    expect(formatTotal('')).toBe('Draft')
  })
  it('truncates AI summaries to 150 characters', () => {
    const long = 'word '.repeat(60)
    const t = truncate(long, 150)
    expect(t.length).toBeLessThanOrEqual(151)
    expect(t.endsWith('…')).toBe(true)
    expect(truncate('short', 150)).toBe('short')
  })
  it('maps project type icon strings onto icons, package by default', () => {
    expect(iconName('fas fa-home')).toBe('home')
    expect(iconName('fa-solid fa-hammer')).toBe('hammer')
    expect(projectTypeIcon('fas fa-home')).toBe(House)
    expect(projectTypeIcon('home')).toBe(House)
    expect(projectTypeIcon('hammer')).toBe(Hammer)
    expect(projectTypeIcon('fas fa-tools')).toBe(Wrench)
    expect(projectTypeIcon('fas fa-fire')).toBe(Flame)
    expect(projectTypeIcon('building')).toBe(Building2)
    expect(projectTypeIcon('layers')).toBe(Layers)
    expect(projectTypeIcon('package')).toBe(Package)
    expect(projectTypeIcon('unicorn')).toBe(Package)
    expect(projectTypeIcon(null)).toBe(Package)
  })
  it("groups template categories, 'construction' as general and unknown as other", () => {
    expect(normalizeCategory('construction')).toBe('general_construction')
    expect(normalizeCategory(undefined)).toBe('other')
    expect(normalizeCategory('Roofing')).toBe('roofing')
    expect(groupByCategory([{ category: 'x' }, { category: 'roofing' }, { category: null }]).map((g) => [g.category, g.items.length])).toEqual([
      ['roofing', 1],
      ['other', 2],
    ])
  })
  it('styles unknown statuses as draft', () => {
    expect(statusStyle('approved').key).toBe('approved')
    expect(statusStyle('archived').key).toBe('draft')
    expect(statusStyle(undefined).label).toBe('Draft')
  })
  it('previews the first 3 section names then +N more', () => {
    const t = { sections: ['A', 'B', 'C', 'D', 'E'].map((name) => ({ id: name, name, description: null, lineItems: [] })) }
    const names = (preview: ReturnType<typeof sectionPreview>) => ({ names: preview.shown.map((s) => s.name), more: preview.more })
    expect(names(sectionPreview(t))).toEqual({ names: ['A', 'B', 'C'], more: 2 })
    expect(names(sectionPreview({ sections: t.sections.slice(0, 2) }))).toEqual({ names: ['A', 'B'], more: 0 })
  })
})
