import { COMPANY_SETTINGS_DEFAULTS, ZCompanySettingsPatch } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { orgIdOf } from '../../src/consumers/admin-consumer.js'
import { settingsChanges, toCompanySettings } from '../../src/domain/company-settings.js'
import { effectiveLimits, quotaVerdict } from '../../src/domain/limits.js'
import { monthOf, occurredAtOf } from '../../src/domain/month.js'
import { Prisma } from '../../src/generated/prisma/client.js'

describe('limits', () => {
  const defaults = { estimates: 50, pdf: 100, ai: 200 }
  const plan = { estimatesPerMonth: 10, pdfGenerationsPerMonth: 20, aiGenerationsPerMonth: 30 }

  it('override beats plan beats default, field by field', () => {
    expect(effectiveLimits(defaults, null, null)).toEqual(defaults)
    expect(effectiveLimits(defaults, plan, null)).toEqual({ estimates: 10, pdf: 20, ai: 30 })
    expect(effectiveLimits(defaults, plan, { estimatesPerMonth: -1, pdfGenerationsPerMonth: null, aiGenerationsPerMonth: 0 })).toEqual({
      estimates: -1,
      pdf: 20,
      ai: 0,
    })
    expect(effectiveLimits(defaults, null, { estimatesPerMonth: null, pdfGenerationsPerMonth: 5, aiGenerationsPerMonth: null })).toEqual({
      estimates: 50,
      pdf: 5,
      ai: 200,
    })
  })

  it('allows while used is under the limit, always for -1, never for 0', () => {
    expect(quotaVerdict(49, 50)).toEqual({ allowed: true, used: 49, limit: 50 })
    expect(quotaVerdict(50, 50).allowed).toBe(false)
    expect(quotaVerdict(10_000, -1).allowed).toBe(true)
    expect(quotaVerdict(0, 0).allowed).toBe(false)
  })
})

describe('months', () => {
  it('are UTC calendar months', () => {
    expect(monthOf(new Date('2025-01-31T23:30:00-05:00'))).toBe('2025-02')
    expect(monthOf(new Date('2025-12-31T23:59:59.999Z'))).toBe('2025-12')
  })

  it('an unreadable occurredAt falls back to now', () => {
    const now = new Date('2025-06-01T00:00:00Z')
    expect(occurredAtOf('garbage', now)).toBe(now)
    expect(occurredAtOf('2024-03-02T01:02:03.000Z', now).toISOString()).toBe('2024-03-02T01:02:03.000Z')
  })
})

describe('company settings mapping', () => {
  it('a missing row is the defaults, and the defaults are not shared objects', () => {
    const a = toCompanySettings(null)
    expect(a).toEqual(COMPANY_SETTINGS_DEFAULTS)
    a.brandingColors.x = 1
    expect(COMPANY_SETTINGS_DEFAULTS.brandingColors).toEqual({})
  })

  it('formats the variance with two decimals and flags a stored logo', () => {
    const row = {
      organizationId: 'o',
      companyName: null,
      companyEmail: null,
      companyPhone: null,
      companyAddress: null,
      contractorLicense: null,
      website: null,
      logoUrl: null,
      logoFileName: 'a.png',
      logoMimeType: 'image/png',
      logoFileSize: 3,
      logoStoredFileId: 'f',
      autoGenerateAI: false,
      aiPromptTemplate: null,
      varianceRangePercentage: new Prisma.Decimal('7.5'),
      brandingColors: [1],
      estimateTemplateSettings: { a: 1 },
      enableLineItems: true,
      enableCostByType: false,
      enableSections: false,
      enableBusinessInsights: false,
      enableMarkupProfiles: false,
      remindersEnabled: true,
      reminderEveryDays: 4,
      reminderMax: 2,
      updatedAt: new Date(),
      updatedBy: null,
    }
    expect(toCompanySettings(row)).toMatchObject({
      reminders: { enabled: true, everyDays: 4, max: 2 },
      varianceRangePercentage: '7.50',
      logoFileData: true,
      brandingColors: {},
      estimateTemplateSettings: { a: 1 },
    })
  })

  it('changes only what was sent; empty text clears; a URL clears the uploaded logo', () => {
    expect(settingsChanges(ZCompanySettingsPatch.parse({ companyName: 'A' }), 'u')).toEqual({ companyName: 'A', updatedBy: 'u' })
    expect(settingsChanges(ZCompanySettingsPatch.parse({ reminders: { enabled: true, everyDays: 2, max: 5 } }), 'u')).toEqual({
      remindersEnabled: true,
      reminderEveryDays: 2,
      reminderMax: 5,
      updatedBy: 'u',
    })
    expect(ZCompanySettingsPatch.safeParse({ reminders: { enabled: true, everyDays: 31, max: 5 } }).success).toBe(false)
    expect(settingsChanges(ZCompanySettingsPatch.parse({ website: '', logoUrl: null }), 'u')).toEqual({ website: null, logoUrl: null, updatedBy: 'u' })
    expect(settingsChanges(ZCompanySettingsPatch.parse({ logoUrl: 'https://x.example/l.png' }), 'u')).toEqual({
      logoUrl: 'https://x.example/l.png',
      logoFileName: null,
      logoMimeType: null,
      logoFileSize: null,
      logoStoredFileId: null,
      updatedBy: 'u',
    })
    expect(settingsChanges(ZCompanySettingsPatch.parse({ brandingColors: '{"a":"#fff"}', enableSections: false }), 'u')).toEqual({
      brandingColors: { a: '#fff' },
      enableSections: false,
      updatedBy: 'u',
    })
  })
})

describe('consumer events', () => {
  it('an organisation event without orgId is refused (and ends in the dead-letter stream)', () => {
    const base = { id: '0190a0a0-0000-7000-8000-000000000000', type: 't', occurredAt: '', actorId: null, correlationId: null, data: {} }
    expect(() => orgIdOf({ ...base, orgId: null })).toThrow(/has no orgId/)
    expect(orgIdOf({ ...base, orgId: 'o' })).toBe('o')
  })
})
