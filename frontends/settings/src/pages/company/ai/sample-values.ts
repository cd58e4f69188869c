import { AI_PROMPT_VARIABLES, type AiPromptVariable } from '@plumbline/contracts'

/** What each prompt variable means, shown as the chip's tooltip. */
export const VARIABLE_HINTS: Record<AiPromptVariable, string> = {
  projectType: 'The project type, e.g. Kitchen Remodel',
  projectName: 'The estimate’s project name',
  clientName: 'The client’s name',
  clientEmail: 'The client’s email',
  companyName: 'Your company name',
  contractorLicense: 'Your contractor license',
  propertyAddress: 'The property address',
  totalCost: 'The estimated total cost',
  squareFootage: 'The property’s square footage',
  specialFeatures: 'Special features noted for the project',
  meetingTranscript: 'The meeting transcript, when there is one',
  propertyData: 'Property facts from the address lookup',
}

export const SAMPLE_PROJECT_TYPE = 'Kitchen Remodel'

/**
 * Believable values for a preview. The company's own name and license are used when filled in,
 * so the preview reads like the real thing.
 */
export function sampleValues(company: { companyName?: string | null; contractorLicense?: string | null }): Record<AiPromptVariable, string> {
  return {
    projectType: SAMPLE_PROJECT_TYPE,
    projectName: 'Hillside Kitchen Refresh',
    clientName: 'Jordan Lee',
    clientEmail: 'jordan.lee@example.com',
    companyName: company.companyName?.trim() || 'Your Company',
    contractorLicense: company.contractorLicense?.trim() || 'LIC-123456',
    propertyAddress: '742 Evergreen Terrace, Springfield, IL 62704',
    totalCost: '$48,500',
    squareFootage: '2,150',
    specialFeatures: 'Quartz countertops, soft-close cabinets, under-cabinet lighting',
    meetingTranscript: 'Client wants an open layout, a larger island and work finished before the holidays.',
    propertyData: 'Single-family home, 3 bedrooms, 2 bathrooms, built in 1998',
  }
}

const VARIABLE_PATTERN = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g

/** Replaces {{variable}} with its sample; unknown names stay as typed so a typo stays visible. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(VARIABLE_PATTERN, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole))
}

export const PROMPT_VARIABLES = AI_PROMPT_VARIABLES

/** Inserts `{{name}}` at the selection, answering the new text and where the caret goes. */
export function insertVariable(text: string, start: number, end: number, name: string): { text: string; caret: number } {
  const token = `{{${name}}}`
  const s = Math.max(0, Math.min(start, text.length))
  const e = Math.max(s, Math.min(end, text.length))
  return { text: text.slice(0, s) + token + text.slice(e), caret: s + token.length }
}
