import { beforeEach, describe, expect, it } from 'vitest'
import { ZWizardStep2 } from '../src/pages/wizard/step2'
import { wizardPayload, ZWizardStep3 } from '../src/pages/wizard/step3'
import {
  clearWizardData,
  loadWizardData,
  saveWizardData,
  shortAddress,
  updateWizardData,
  WIZARD_PATHS,
  WIZARD_PROGRESS,
  WIZARD_STORAGE_KEY,
  wizardRedirect,
} from '../src/pages/wizard/wizard-storage'

beforeEach(() => sessionStorage.clear())

describe('wizard storage', () => {
  it('keeps everything under one session key', () => {
    saveWizardData({ step: 1, projectType: { id: 't', name: 'Roof' } })
    expect(Object.keys(sessionStorage)).toEqual([WIZARD_STORAGE_KEY])
    expect(loadWizardData()).toEqual({ step: 1, projectType: { id: 't', name: 'Roof' } })
  })
  it('merges updates and never moves the completed step backwards', () => {
    updateWizardData({ step: 2, projectType: { id: 't', name: 'Roof' }, propertyAddress: '1 Main St' })
    const next = updateWizardData({ clientName: 'Jane' })
    expect(next).toMatchObject({ step: 2, propertyAddress: '1 Main St', clientName: 'Jane' })
  })
  it('treats missing or corrupt data as none', () => {
    expect(loadWizardData()).toBeNull()
    sessionStorage.setItem(WIZARD_STORAGE_KEY, '{not json')
    expect(loadWizardData()).toBeNull()
    sessionStorage.setItem(WIZARD_STORAGE_KEY, '[1,2]')
    expect(loadWizardData()).toBeNull()
  })
  it('clears', () => {
    saveWizardData({ step: 2 })
    clearWizardData()
    expect(sessionStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull()
  })
})

describe('wizard redirects (spec 001 §2)', () => {
  const type = { id: 't', name: 'Roof' }
  it('never redirects step 1', () => {
    expect(wizardRedirect(1, null)).toBeNull()
  })
  it('sends step 2 to step 1 without saved data', () => {
    expect(wizardRedirect(2, null)).toBe(WIZARD_PATHS[1])
    expect(wizardRedirect(2, { step: 0 })).toBe(WIZARD_PATHS[1])
    expect(wizardRedirect(2, { step: 1, projectType: type })).toBeNull()
  })
  it('sends step 3 to step 1 without data and to step 2 when the saved step is under 2', () => {
    expect(wizardRedirect(3, null)).toBe(WIZARD_PATHS[1])
    expect(wizardRedirect(3, { step: 1, projectType: type })).toBe(WIZARD_PATHS[2])
    expect(wizardRedirect(3, { step: 2, projectType: type })).toBeNull()
  })
  it('shows 33, 66 and 100 percent', () => {
    expect(WIZARD_PROGRESS).toEqual({ 1: 33, 2: 66, 3: 100 })
  })
})

describe('wizard step rules', () => {
  it('summarises the address by its first comma-separated part', () => {
    expect(shortAddress('1600 Amphitheatre Pkwy, Mountain View, CA')).toBe('1600 Amphitheatre Pkwy')
    expect(shortAddress('')).toBe('')
  })
  it('step 2 needs an address; square footage is an optional number', () => {
    const r = ZWizardStep2.safeParse({ propertyAddress: ' ', squareFootage: 'abc' })
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Property address is required', 'Please enter a number'])
    expect(ZWizardStep2.safeParse({ propertyAddress: '1 Main', squareFootage: '' }).success).toBe(true)
  })
  it('step 3 has the spec messages; email is optional', () => {
    const r = ZWizardStep3.safeParse({ clientName: '', clientEmail: 'nope', projectName: '', totalCost: '' })
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      clientName: 'Client name is required',
      clientEmail: 'Please enter a valid email',
      projectName: 'Project name is required',
      totalCost: 'Estimated total cost is required',
    })
    expect(ZWizardStep3.safeParse({ clientName: 'J', clientEmail: '', projectName: 'P', totalCost: '100' }).success).toBe(true)
  })
  it('creates with empty special features and transcript, integer square footage', () => {
    const p = wizardPayload(
      { step: 2, projectType: { id: 't', name: 'Roof' }, propertyAddress: '1 Main St', squareFootage: '1800' },
      { clientName: 'J', clientEmail: '', projectName: 'Roof - J', totalCost: '9000' },
    )
    expect(p).toEqual({
      projectTypeId: 't',
      projectName: 'Roof - J',
      clientName: 'J',
      propertyAddress: '1 Main St',
      totalCost: '9000',
      squareFootage: 1800,
      specialFeatures: '',
      meetingTranscript: '',
    })
  })
})
