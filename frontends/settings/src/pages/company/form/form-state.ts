import { COMPANY_SETTINGS_DEFAULTS, type CompanySettings, type CompanySettingsPatch, type ReminderSettings, ZCompanySettingsPatch } from '@plumbline/contracts'
import { percentageText, percentageUnits, readDecimal } from '@plumbline/contracts/money'
import { formatJsonObject, parseJsonObject } from './json-field'

// The Company tab's editable fields as a person types them (text boxes hold strings), the patch
// of what changed, and the messages that block saving. Pure, so the rules are tested alone.

export const TEXT_FIELDS = ['companyName', 'companyEmail', 'companyPhone', 'companyAddress', 'contractorLicense', 'website', 'aiPromptTemplate'] as const
export const FLAG_FIELDS = [
  'autoGenerateAI',
  'enableLineItems',
  'enableCostByType',
  'enableSections',
  'enableBusinessInsights',
  'enableMarkupProfiles',
] as const
export const JSON_FIELDS = ['brandingColors', 'estimateTemplateSettings'] as const

export type TextField = (typeof TEXT_FIELDS)[number]
export type FlagField = (typeof FLAG_FIELDS)[number]
export type JsonField = (typeof JSON_FIELDS)[number]

export type CompanyForm = Record<TextField, string> &
  Record<FlagField, boolean> &
  Record<JsonField, string> & { varianceRangePercentage: string; reminders: ReminderSettings }
export type FormField = keyof CompanyForm
export type FormErrors = Partial<Record<FormField, string>>

export const JSON_LABELS: Record<JsonField, string> = { brandingColors: 'Branding colours', estimateTemplateSettings: 'Template settings' }

/** The form as the stored settings fill it (missing fields take the spec's defaults). */
export function formFromSettings(input: Partial<CompanySettings> | null | undefined): CompanyForm {
  const s = { ...COMPANY_SETTINGS_DEFAULTS, ...(input ?? {}) }
  const form = {} as CompanyForm
  for (const f of TEXT_FIELDS) form[f] = s[f] ?? ''
  for (const f of FLAG_FIELDS) form[f] = s[f]
  for (const f of JSON_FIELDS) form[f] = formatJsonObject(s[f])
  form.varianceRangePercentage = s.varianceRangePercentage ?? COMPANY_SETTINGS_DEFAULTS.varianceRangePercentage
  form.reminders = { ...(s.reminders ?? COMPANY_SETTINGS_DEFAULTS.reminders) }
  return form
}

// The prompt template keeps its spacing (it is sent to the writer as typed); other text is trimmed.
const normText = (field: TextField, v: string): string | null => {
  const t = field === 'aiPromptTemplate' ? v : v.trim()
  return t.trim() === '' ? null : t
}
const normVariance = (v: string): string => (readDecimal(v) ? percentageText(percentageUnits(v)) : v.trim())
const normJson = (v: string): string => {
  const r = parseJsonObject(v, '')
  return r.ok ? JSON.stringify(r.value) : v
}

/**
 * Only the fields whose meaning changed (so " Acme " over "Acme" or "15" over "15.00" is no
 * change). Blank text is sent as null, which clears it; JSON boxes are sent as parsed objects.
 */
export function changedFields(initial: CompanyForm, current: CompanyForm): CompanySettingsPatch {
  const patch: Record<string, unknown> = {}
  for (const f of TEXT_FIELDS) {
    const next = normText(f, current[f])
    if (next !== normText(f, initial[f])) patch[f] = next
  }
  for (const f of FLAG_FIELDS) if (current[f] !== initial[f]) patch[f] = current[f]
  if (normVariance(current.varianceRangePercentage) !== normVariance(initial.varianceRangePercentage)) {
    patch.varianceRangePercentage = current.varianceRangePercentage.trim()
  }
  const { enabled, everyDays, max } = current.reminders
  if (enabled !== initial.reminders.enabled || everyDays !== initial.reminders.everyDays || max !== initial.reminders.max) patch.reminders = current.reminders
  for (const f of JSON_FIELDS) {
    if (normJson(current[f]) === normJson(initial[f])) continue
    const r = parseJsonObject(current[f], JSON_LABELS[f])
    patch[f] = r.ok ? r.value : current[f]
  }
  return patch as CompanySettingsPatch
}

/**
 * Messages per field: the contract's own (the server would answer the same) for text and the
 * variance, and the parser's reason for the JSON boxes. Any message blocks saving.
 */
export function validateForm(form: CompanyForm): FormErrors {
  const errors: FormErrors = {}
  for (const f of JSON_FIELDS) {
    const r = parseJsonObject(form[f], JSON_LABELS[f])
    if (!r.ok) errors[f] = r.message
  }
  const candidate: Record<string, unknown> = { varianceRangePercentage: form.varianceRangePercentage }
  for (const f of TEXT_FIELDS) candidate[f] = normText(f, form[f])
  if (form.varianceRangePercentage.trim() === '') errors.varianceRangePercentage = 'Variance is required (0 to 100)'
  const result = ZCompanySettingsPatch.safeParse(candidate)
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as FormField | undefined
      if (field && !errors[field]) errors[field] = issue.message
    }
  }
  return errors
}

export const isDirty = (initial: CompanyForm, current: CompanyForm) => Object.keys(changedFields(initial, current)).length > 0
