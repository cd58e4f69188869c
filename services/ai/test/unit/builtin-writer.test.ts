import { COMPANY_SETTINGS_DEFAULTS, CONTENT_SECTION_TYPES, type EstimateDocument } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { estimateFacts } from '../../src/domain/estimate-facts.js'
import { ZJobInput } from '../../src/domain/job-input.js'
import { buildPrompt } from '../../src/prompts/build-prompt.js'
import { composeSection } from '../../src/providers/builtin/compose-sections.js'
import { createBuiltInWriter } from '../../src/providers/builtin-writer.js'
import { bareDocument, companySettings, largeDocument, roofDocument } from '../support/fixtures.js'

const writer = createBuiltInWriter()
const input = (document: EstimateDocument, settings = companySettings()) => ZJobInput.parse({ document, settings })

async function writeAll(document: EstimateDocument, settings = companySettings()) {
  const facts = estimateFacts(input(document, settings))
  const prompt = buildPrompt(settings, facts)
  const out: Record<string, string> = {}
  for (const type of CONTENT_SECTION_TYPES) out[type] = await writer.writeSection({ type, facts, prompt })
  return out
}

const BAD = /undefined|\bnull\b|NaN|\[object|\{\{|\$0(?![\d,.])/

describe('built-in writer: uses the estimate', () => {
  it('states the facts of a full estimate in each section', async () => {
    const doc = roofDocument()
    const s = await writeAll(doc)
    const grand = Number(doc.pricing.totals.grandTotal).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    expect(s.executive_summary).toContain(
      'Summit Roofing Co. is pleased to present this estimate for Smith Roof Replacement, a roofing project for Jane Smith at 12 Elm Street, Springfield, IL 62701.',
    )
    expect(s.executive_summary).toContain('approximately 2,400 square feet')
    expect(s.executive_summary).toContain(`$${grand.replace(/\.00$/, '')}`)
    expect(s.executive_summary).toMatch(/in applicable taxes/)
    expect(s.executive_summary).toContain('licence CA-1047722')
    expect(s.executive_summary).toContain('from planning and permits through cleanup and inspection')
    // The meeting touched timing, the shingle colour and a worry: named in the writer's own words.
    expect(s.project_overview).toContain(
      'This estimate takes into account the priorities from our meeting with you: the timing you need, your choice of materials and finishes and the concerns you raised.',
    )
    expect(s.project_overview).toContain('Two skylights to be re-flashed')
    expect(s.scope_of_work).toContain('Roof Installation ($')
    expect(s.scope_of_work).toContain('- Ridge vent: 40 lnft, $510')
    expect(s.scope_of_work).toContain('- Dumpster rental: 1 each, $450')
    expect(s.scope_of_work).toContain('Removal of the existing roof down to the deck.')
    expect(s.timeline).toContain('1. Planning and Permits')
    expect(s.timeline).toContain('2. Tear-off (Dec 1, 2026 to Dec 2, 2026)')
    expect(s.timeline).toContain('The schedule will be planned around the timing you mentioned in our meeting.')
    expect(s.timeline).not.toContain('Hidden phase')
    expect(s.qa_notes).toContain('subcontractors is supervised by Summit Roofing Co.')
    expect(s.qa_notes).toContain('(555) 010-4477')
    for (const text of Object.values(s)) expect(text).not.toMatch(BAD)
  })

  it('quotes the special features once, in the project overview; the other sections only point there', async () => {
    const doc = roofDocument()
    doc.estimate.specialFeatures = 'Zq7Features two skylights to re-flash'
    const s = await writeAll(doc)
    expect(s.project_overview).toContain('Zq7Features two skylights to re-flash')
    for (const type of ['executive_summary', 'scope_of_work', 'timeline', 'qa_notes']) expect(s[type], type).not.toContain('Zq7Features')
    expect(s.executive_summary).toContain('special requirements described in the project overview')
  })

  it('never copies the contractor-only meeting notes into a section, whatever they say', async () => {
    const marker = 'Zq7MarkerXv'
    const transcript = [
      `Jane: We want the roof finished before ${marker} season.`,
      `I would like a ${marker} shingle colour to match the shutters, and our budget is tight.`,
      `[00:12] Speaker 2: We are worried about the ${marker} gutters leaking. Please keep the ${marker} oak tree.`,
    ].join('\n')
    const doc = roofDocument()
    doc.estimate.meetingTranscript = transcript
    for (const settings of [companySettings(), { ...COMPANY_SETTINGS_DEFAULTS }]) {
      const s = await writeAll(doc, settings)
      for (const [type, text] of Object.entries(s)) {
        expect(text, type).not.toContain(marker)
        // No run of six words of the notes either (a quote without the marker is still a quote).
        const words = transcript
          .replace(/[^A-Za-z' ]+/g, ' ')
          .split(/\s+/)
          .filter(Boolean)
        for (let i = 0; i + 6 <= words.length; i++)
          expect(text.replace(/[^A-Za-z' ]+/g, ' ').replace(/\s+/g, ' '), type).not.toContain(words.slice(i, i + 6).join(' '))
      }
      // The notes still shape the text.
      expect(s.project_overview).toContain('the timing you need, your budget and your choice of materials and finishes')
    }
    const freeform = await writer.writeFreeform({
      prompt: `Project name: Roof\nMeeting notes: ${transcript.replace(/\n/g, ' ')}`,
      projectType: 'Roofing',
      propertyData: null,
      settings: companySettings(),
    })
    expect(freeform).not.toContain(marker)
  })

  it('is deterministic: the same input gives the same text', async () => {
    const doc = roofDocument()
    const a = await writeAll(doc)
    const b = await writeAll(structuredClone(doc))
    expect(b).toEqual(a)
  })

  it('leaves missing data out instead of printing empty values or inventing facts', async () => {
    const s = await writeAll(bareDocument(), { ...COMPANY_SETTINGS_DEFAULTS })
    const all = Object.values(s).join('\n')
    expect(all).not.toMatch(BAD)
    expect(all).not.toMatch(/\$/)
    expect(all).not.toMatch(/square feet|licen[cs]e|phase \d|Summit/)
    expect(s.executive_summary.startsWith('We are pleased to present this estimate for Smith Roof Replacement for Jane Smith at 12 Elm Street')).toBe(true)
    expect(s.timeline).toContain('will be confirmed with you once the estimate is approved')
    for (const text of Object.values(s)) expect(text.trim().length).toBeGreaterThan(40)
  })

  it('never prints a placeholder whatever combination of fields is missing', async () => {
    // Deterministic pseudo-random removal of optional fields (mulberry32).
    let seed = 7
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    for (let round = 0; round < 40; round++) {
      const doc = roofDocument()
      const e = doc.estimate as Record<string, unknown>
      for (const field of ['projectType', 'clientEmail', 'squareFootage', 'totalCost', 'specialFeatures', 'meetingTranscript'])
        if (next() < 0.5) e[field] = null
      for (const field of ['projectName', 'clientName', 'propertyAddress']) if (next() < 0.3) e[field] = ' '
      if (next() < 0.5) doc.phases = []
      if (next() < 0.5) doc.sections = []
      if (next() < 0.5) doc.pricing.totals = { ...doc.pricing.totals, grandTotal: '0.00', markupTotal: '0.00', taxTotal: '0.00', taxes: [] }
      const settings = next() < 0.5 ? companySettings() : { ...COMPANY_SETTINGS_DEFAULTS }
      const s = await writeAll(doc, settings)
      for (const [type, text] of Object.entries(s)) {
        expect(text, `${round} ${type}`).not.toMatch(BAD)
        expect(text, `${round} ${type}`).not.toMatch(/ ,|\.\.(?!\.)|\( \)|:\s*$/)
      }
    }
  })

  // Its speed is the ai bench's business (npm run bench -- ai); here, what it writes.
  it('keeps a 300-item scope readable', () => {
    const facts = estimateFacts(input(largeDocument(10, 30)))
    const texts = CONTENT_SECTION_TYPES.map((type) => composeSection(type, facts))
    const scope = texts[2]
    expect(scope).toContain('- plus 22 further items')
    expect(scope.split('\n').length).toBeLessThan(150)
  })

  it('speaks to the kind of project (the four built-in templates)', async () => {
    const kinds: [string, RegExp][] = [
      ['Office Fit-out (Commercial)', /disruption to your operations/],
      ['Kitchen Remodel', /selections are confirmed with you/],
      ['Leak Repair', /fixing the problem at its source/],
      ['New Home', /treats your home with care/],
    ]
    for (const [name, expected] of kinds) {
      const doc = roofDocument()
      doc.estimate.projectType = { id: 'x', name, icon: 'home' }
      expect((await writeAll(doc)).executive_summary).toMatch(expected)
    }
  })
})

describe('built-in writer: free prompt (create dialog, settings preview)', () => {
  it('writes all five headed sections even from an unrendered template, without placeholders', async () => {
    const prompt =
      'Write a proposal for {{projectType}}.\nProject: {{projectName}}\nClient: {{clientName}}\nAddress: {{propertyAddress}}\nTotal cost: {{totalCost}}'
    const text = await writer.writeFreeform({ prompt, projectType: null, propertyData: undefined, settings: COMPANY_SETTINGS_DEFAULTS })
    for (const h of ['Executive Summary', 'Project Overview', 'Scope of Work', 'Timeline Considerations', 'Quality Assurance Notes'])
      expect(text).toContain(`${h}\n\n`)
    expect(text).not.toMatch(BAD)
    expect(text).toContain('We are pleased to present this estimate for your project.')
  })

  it("reads the create dialog's labelled prompt", async () => {
    const prompt = [
      'Write professional proposal content for this construction estimate with these sections:',
      'Executive Summary, Project Overview, Scope of Work, Timeline Considerations, Quality Assurance Notes.',
      '',
      'Project type: Kitchen Remodel',
      'Project name: Hillside Kitchen Refresh',
      'Client: Jordan Lee',
      'Property address: 742 Evergreen Terrace, Springfield, IL 62704',
      'Estimated total cost (USD): 48500',
      'Square footage: 2150',
      'Special features: Quartz countertops',
      'Meeting notes: Client wants a larger island.',
      'Property: Single-family home, 3 bedrooms, built 1998',
      'Fire hazard risk: Low',
    ].join('\n')
    const text = await writer.writeFreeform({ prompt, projectType: 'Kitchen Remodel', propertyData: null, settings: companySettings() })
    expect(text).toContain(
      'Summit Roofing Co. is pleased to present this estimate for Hillside Kitchen Refresh, a kitchen remodel project for Jordan Lee at 742 Evergreen Terrace, Springfield, IL 62704.',
    )
    expect(text).toContain('approximately 2,150 square feet')
    expect(text).toContain('$48,500')
    expect(text).toContain('Property details: Single-family home, 3 bedrooms, built 1998; fire hazard risk low.')
    expect(text).not.toContain('larger island')
    expect(text).not.toMatch(BAD)
  })

  it('finds the unmistakable facts in a prose prompt (an organisation template filled with sample values)', async () => {
    const prompt =
      "Write a professional project overview for Jordan Lee's Kitchen Remodel at 742 Evergreen Terrace, Springfield, IL 62704. The budget is $48,500 for 2,150 sq ft."
    const text = await writer.writeFreeform({ prompt, projectType: 'Kitchen Remodel', propertyData: undefined, settings: COMPANY_SETTINGS_DEFAULTS })
    expect(text).toContain('at 742 Evergreen Terrace, Springfield, IL 62704')
    expect(text).toContain('$48,500')
    expect(text).toContain('approximately 2,150 square feet')
    expect(text).not.toMatch(BAD)
  })

  it('ignores property data of an unexpected shape', async () => {
    for (const propertyData of [null, 'text', 42, [1, 2], { property: 'x' }, { property: { yearBuilt: 'soon', squareFootage: -5 } }]) {
      const text = await writer.writeFreeform({ prompt: 'Project Name: Deck', projectType: 'Deck', propertyData, settings: COMPANY_SETTINGS_DEFAULTS })
      expect(text).not.toMatch(BAD)
      expect(text).toContain('Deck')
    }
  })
})
