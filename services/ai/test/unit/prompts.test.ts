import { AI_PROMPT_VARIABLES, BUILT_IN_PROMPT_TEMPLATES, BUILT_IN_TEMPLATES, COMPANY_SETTINGS_DEFAULTS } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { estimateFacts } from '../../src/domain/estimate-facts.js'
import { buildPrompt } from '../../src/prompts/build-prompt.js'
import { promptVariables } from '../../src/prompts/prompt-variables.js'
import { renderPrompt } from '../../src/prompts/render-prompt.js'
import { templateForProjectType } from '../../src/prompts/select-template.js'
import { withoutQuotes } from '../../src/providers/private-facts.js'
import { bareDocument, companySettings, roofDocument } from '../support/fixtures.js'

describe('prompt templates', () => {
  it('has the four built-in templates, each using only known variables', () => {
    expect(Object.keys(BUILT_IN_TEMPLATES).sort()).toEqual([...BUILT_IN_PROMPT_TEMPLATES].sort())
    for (const { text } of Object.values(BUILT_IN_TEMPLATES)) {
      const used = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])
      expect(used.length).toBeGreaterThan(5)
      for (const v of used) expect(AI_PROMPT_VARIABLES).toContain(v)
    }
  })

  it('picks a template by project type name, residential when unknown', () => {
    expect(templateForProjectType('Commercial Office Build-out')).toBe('commercial_construction')
    expect(templateForProjectType('Bathroom Renovation')).toBe('remodeling_renovation')
    expect(templateForProjectType('Roof Repair')).toBe('maintenance_repair')
    expect(templateForProjectType('Roofing')).toBe('residential_construction')
    expect(templateForProjectType(null)).toBe('residential_construction')
    expect(templateForProjectType('')).toBe('residential_construction')
  })

  it('renders variables; missing, empty and unknown ones render empty and never throw', () => {
    expect(renderPrompt('Hello {{clientName}}, from {{ companyName }}.', { clientName: 'Jane', companyName: 'Acme' })).toBe('Hello Jane, from Acme.')
    expect(renderPrompt('Client: {{clientName}} ({{clientEmail}}), {{nope}} {{__proto__}} {{constructor}} {{toString}}.', {})).toBe('Client:,.')
    expect(renderPrompt('{{ }} {{1x}} {{{projectName}}} {projectName}', { projectName: 'P' })).toBe('{{ }} {{1x}} {P} {projectName}')
    expect(renderPrompt('', {})).toBe('')
    expect(() => renderPrompt('{{'.repeat(10_000), {})).not.toThrow()
  })

  it('fills every variable from an estimate, and leaves the missing ones empty', () => {
    const facts = estimateFacts({ document: roofDocument(), settings: companySettings() })
    const vars = promptVariables(facts)
    expect(vars).toMatchObject({
      projectType: 'Roofing',
      projectName: 'Smith Roof Replacement',
      clientName: 'Jane Smith',
      clientEmail: 'jane@example.com',
      companyName: 'Summit Roofing Co.',
      contractorLicense: 'CA-1047722',
      squareFootage: '2,400',
    })
    expect(vars.totalCost).toMatch(/^\$\d{1,3}(,\d{3})*(\.\d\d)?$/)
    const bare = estimateFacts({ document: bareDocument(), settings: COMPANY_SETTINGS_DEFAULTS })
    const prompt = buildPrompt({ aiPromptTemplate: null }, bare)
    expect(prompt).not.toMatch(/\{\{|undefined|null/)
    expect(prompt).toContain('Project: Smith Roof Replacement')
  })

  it("uses the organisation's own template when it has one (blank means none)", () => {
    const facts = estimateFacts({ document: roofDocument(), settings: companySettings() })
    expect(buildPrompt({ aiPromptTemplate: 'For {{clientName}} at {{propertyAddress}}' }, facts)).toBe('For Jane Smith at 12 Elm Street, Springfield, IL 62701')
    expect(buildPrompt({ aiPromptTemplate: '   ' }, facts)).toContain('residential construction project')
  })
})

describe('withoutQuotes: client text never repeats the contractor-only notes', () => {
  const notes = 'Owner said our margin on this job is 42 percent. Jane wants a darker shingle colour to match the shutters.'
  it('drops each sentence with six words of the notes in a row, whatever the case or punctuation', () => {
    const text = [
      'We will replace the roof. OUR MARGIN, on this job is 42 percent! We start in May.',
      '',
      '- Jane wants a darker shingle colour to match',
      '- New gutters',
    ].join('\n')
    expect(withoutQuotes(text, [notes])).toBe('We will replace the roof. We start in May.\n\n- New gutters')
  })
  it('keeps shorter shared phrases and text without private facts as they are', () => {
    expect(withoutQuotes('A darker shingle colour was chosen.', [notes])).toBe('A darker shingle colour was chosen.')
    expect(withoutQuotes('Line one.\n\nLine two.', [null, undefined])).toBe('Line one.\n\nLine two.')
  })
})
