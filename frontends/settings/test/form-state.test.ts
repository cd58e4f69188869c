import { describe, expect, it } from 'vitest'
import { fillTemplate, insertVariable, sampleValues } from '../src/pages/company/ai/sample-values'
import { changedFields, formFromSettings, validateForm } from '../src/pages/company/form/form-state'
import { parseJsonObject } from '../src/pages/company/form/json-field'
import { checkLogoFile } from '../src/pages/company/profile/logo-rules'
import { logoSource } from '../src/pages/company/profile/logo-source'
import { settingsOf } from './helpers/render'

describe('changedFields (the partial PUT)', () => {
  const initial = formFromSettings(settingsOf({ varianceRangePercentage: '15.00', brandingColors: { primary: '#111' } }))

  it('is empty when nothing means anything different', () => {
    const same = { ...initial, companyName: '  Demo Construction Co. ', varianceRangePercentage: '15', brandingColors: '{"primary":"#111"}' }
    expect(changedFields(initial, same)).toEqual({})
  })

  it('sends only what changed: trimmed text, blank as null, flags, parsed JSON', () => {
    const next = {
      ...initial,
      companyName: ' Acme ',
      companyEmail: '',
      enableSections: true,
      brandingColors: '{"primary":"#222"}',
      varianceRangePercentage: '12.5',
    }
    expect(changedFields(initial, next)).toEqual({
      companyName: 'Acme',
      companyEmail: null,
      enableSections: true,
      brandingColors: { primary: '#222' },
      varianceRangePercentage: '12.5',
    })
  })
})

describe('validateForm', () => {
  const ok = formFromSettings(settingsOf())
  it('accepts the stored settings', () => {
    expect(validateForm(ok)).toEqual({})
  })
  it("uses the contract's messages for email, website and variance", () => {
    const errors = validateForm({ ...ok, companyEmail: 'nope', website: 'example', varianceRangePercentage: '120' })
    expect(errors.companyEmail).toBe('Please enter a valid email')
    expect(errors.website).toBe('Please enter a valid URL')
    expect(errors.varianceRangePercentage).toBe('Variance must be between 0 and 100')
  })
  it('explains invalid JSON with the parser reason and rejects non-objects', () => {
    const errors = validateForm({ ...ok, brandingColors: '{"primary": }', estimateTemplateSettings: '[1,2]' })
    expect(errors.brandingColors).toMatch(/^Branding colours must be valid JSON: .+/)
    expect(errors.estimateTemplateSettings).toMatch(/^Template settings must be a JSON object/)
  })
  it('treats a blank JSON box as an empty object', () => {
    expect(parseJsonObject('  ', 'X')).toEqual({ ok: true, value: {} })
  })
})

describe('logo rules', () => {
  it('takes PNG and JPEG up to 10 MB', () => {
    expect(checkLogoFile({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull()
    expect(checkLogoFile({ type: 'image/jpeg', size: 1 })).toBeNull()
    expect(checkLogoFile({ type: 'image/jpg', size: 1 })).toBeNull()
  })
  it('names the problem with the spec words', () => {
    expect(checkLogoFile({ type: 'image/gif', size: 1 })).toEqual({ title: 'Invalid file type', description: 'Please select a PNG or JPEG image' })
    expect(checkLogoFile({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select a file smaller than 10MB',
    })
  })
  it('shows the uploaded file when there is one, else the URL', () => {
    expect(logoSource('o1', { logoFileData: true, logoUrl: 'https://x/l.png', logoFileName: 'l.png', logoFileSize: 9 }, 2)).toBe(
      '/api/organizations/o1/company-settings/logo/view?v=l.png-9-2',
    )
    expect(logoSource('o1', { logoFileData: false, logoUrl: 'https://x/l.png' })).toBe('https://x/l.png')
    expect(logoSource('o1', { logoFileData: false, logoUrl: '  ' })).toBeNull()
  })
})

describe('prompt variables', () => {
  it('inserts {{name}} at the selection and puts the caret after it', () => {
    expect(insertVariable('Hello !', 6, 6, 'clientName')).toEqual({ text: 'Hello {{clientName}}!', caret: 20 })
    expect(insertVariable('Hi XX', 3, 5, 'projectName')).toEqual({ text: 'Hi {{projectName}}', caret: 18 })
  })
  it('fills known variables with samples and leaves unknown ones', () => {
    const out = fillTemplate('For {{ clientName }} by {{companyName}} {{nope}}', sampleValues({ companyName: 'Acme' }))
    expect(out).toBe('For Jordan Lee by Acme {{nope}}')
  })
})
