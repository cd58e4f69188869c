import { COMPANY_SETTINGS_DEFAULTS, type CompanySettings, type CompanySettingsPatch } from '@plumbline/contracts'
import type { CompanySettings as CompanySettingsRow, Prisma } from '../generated/prisma/client.js'

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})

/** The wire shape; an organisation that never saved settings gets the defaults. */
export function toCompanySettings(row: CompanySettingsRow | null): CompanySettings {
  if (!row) return { ...COMPANY_SETTINGS_DEFAULTS, brandingColors: {}, estimateTemplateSettings: {}, reminders: { ...COMPANY_SETTINGS_DEFAULTS.reminders } }
  return {
    companyName: row.companyName,
    companyEmail: row.companyEmail,
    companyPhone: row.companyPhone,
    companyAddress: row.companyAddress,
    contractorLicense: row.contractorLicense,
    website: row.website,
    logoUrl: row.logoUrl,
    // Only a presence flag: the bytes live in the documents service.
    logoFileData: row.logoStoredFileId !== null,
    logoFileName: row.logoFileName,
    logoMimeType: row.logoMimeType,
    logoFileSize: row.logoFileSize,
    autoGenerateAI: row.autoGenerateAI,
    aiPromptTemplate: row.aiPromptTemplate,
    varianceRangePercentage: row.varianceRangePercentage.toFixed(2),
    brandingColors: asObject(row.brandingColors),
    estimateTemplateSettings: asObject(row.estimateTemplateSettings),
    enableLineItems: row.enableLineItems,
    enableCostByType: row.enableCostByType,
    enableSections: row.enableSections,
    enableBusinessInsights: row.enableBusinessInsights,
    enableMarkupProfiles: row.enableMarkupProfiles,
    reminders: { enabled: row.remindersEnabled, everyDays: row.reminderEveryDays, max: row.reminderMax },
  }
}

const TEXT_FIELDS = ['companyName', 'companyEmail', 'companyPhone', 'companyAddress', 'contractorLicense', 'website', 'logoUrl', 'aiPromptTemplate'] as const
const FLAG_FIELDS = ['autoGenerateAI', 'enableLineItems', 'enableCostByType', 'enableSections', 'enableBusinessInsights', 'enableMarkupProfiles'] as const

export type SettingsChanges = Omit<Prisma.CompanySettingsUncheckedCreateInput, 'organizationId'>

/**
 * Turns a validated partial update into column changes. Absent fields stay as they are; an
 * empty text clears the field. A non-empty logo URL replaces an uploaded logo (spec 001 §4), so
 * the stored-file fields are cleared with it.
 */
export function settingsChanges(patch: CompanySettingsPatch, updatedBy: string): SettingsChanges {
  const changes: SettingsChanges = { updatedBy }
  for (const field of TEXT_FIELDS) {
    const value = patch[field]
    if (value !== undefined) changes[field] = value === '' ? null : value
  }
  for (const field of FLAG_FIELDS) {
    const value = patch[field]
    if (value !== undefined) changes[field] = value
  }
  if (patch.varianceRangePercentage !== undefined) changes.varianceRangePercentage = patch.varianceRangePercentage
  if (patch.brandingColors !== undefined) changes.brandingColors = patch.brandingColors as Prisma.InputJsonObject
  if (patch.estimateTemplateSettings !== undefined) changes.estimateTemplateSettings = patch.estimateTemplateSettings as Prisma.InputJsonObject
  if (patch.reminders !== undefined) {
    Object.assign(changes, { remindersEnabled: patch.reminders.enabled, reminderEveryDays: patch.reminders.everyDays, reminderMax: patch.reminders.max })
  }
  if (typeof changes.logoUrl === 'string') {
    Object.assign(changes, { logoFileName: null, logoMimeType: null, logoFileSize: null, logoStoredFileId: null })
  }
  return changes
}
