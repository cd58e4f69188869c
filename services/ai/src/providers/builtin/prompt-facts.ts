import type { CompanySettings } from '@plumbline/contracts'
import { moneyText } from '@plumbline/contracts/money'
import { companyFacts, type EstimateFacts } from '../../domain/estimate-facts.js'
import { clean } from '../../domain/format.js'

// POST /ai/generate-content sends free prompt text (the create dialog's form fields written out,
// or the settings preview of the organisation's template) plus projectType and propertyData.
// The built-in writer reads "Label: value" lines out of that text and the property data's known
// fields; nothing else is assumed.

type Field =
  | 'projectName'
  | 'clientName'
  | 'clientEmail'
  | 'propertyAddress'
  | 'totalCost'
  | 'squareFootage'
  | 'specialFeatures'
  | 'meetingNotes'
  | 'projectType'
  | 'propertyNote'
const LABELS: [RegExp, Field][] = [
  [/^project\s*(name|title)$|^project$/i, 'projectName'],
  [/^(client|customer)(\s*name)?$/i, 'clientName'],
  [/^(client|customer)?\s*e-?mail$/i, 'clientEmail'],
  [/^(property\s*)?address$|^location$|^site$/i, 'propertyAddress'],
  [/^(estimated\s+)?(total\s*)?(cost|budget|price|estimate|estimated cost)$/i, 'totalCost'],
  [/^property(\s*(data|details|facts))?$|^fire hazard( risk)?$/i, 'propertyNote'],
  [/^(square\s*(footage|feet)|sq\.?\s*ft\.?|size|area)$/i, 'squareFootage'],
  [/^(special\s*features|features|requirements|special requirements)$/i, 'specialFeatures'],
  [/^(meeting\s*(notes|transcript)|notes|transcript)$/i, 'meetingNotes'],
  [/^project\s*type$|^type$/i, 'projectType'],
]

function labelledValues(prompt: string): { found: Partial<Record<Field, string>>; notes: string[] } {
  const found: Partial<Record<Field, string>> = {}
  const notes: string[] = []
  for (const line of prompt.split(/\r?\n/)) {
    const m = /^\s*[-*•]?\s*([A-Za-z][A-Za-z .()-]{1,48}?)\s*:\s*(.+?)\s*$/.exec(line)
    if (!m) continue
    // "Estimated total cost (USD)" → "Estimated total cost".
    const label = m[1].replace(/\([^)]*\)/g, '').trim()
    const field = LABELS.find(([re]) => re.test(label))?.[1]
    // An unrendered template ("Client: {{clientName}}") carries no value.
    const value = clean(m[2].replace(/\{\{[^}]*\}\}/g, '').replace(/\(\s*\)/g, ''))
    if (!field || !value || !/[A-Za-z0-9]/.test(value)) continue
    if (field === 'propertyNote') notes.push(/^fire/i.test(label) ? `fire hazard risk ${value.toLowerCase()}` : value)
    else if (!found[field]) found[field] = value
  }
  return { found, notes }
}

// Prose prompts (an organisation's own template filled with values) carry no labels; these
// patterns find the facts that have an unmistakable shape.
const MONEY = /\$\s?\d{1,3}(?:,\d{3})+(?:\.\d\d)?|\$\s?\d+(?:\.\d\d)?/
const AREA = /(\d{1,3}(?:,\d{3})+|\d+)\s*(?:sq\.?\s*ft\.?|square\s+feet|sqft)/i
const ADDRESS =
  /\b\d{1,6}\s+(?:[A-Z][A-Za-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct|Way|Place|Pl|Terrace|Ter|Circle|Cir|Parkway|Pkwy)\b\.?(?:,\s*[A-Z][A-Za-z .]+?)?(?:,\s*[A-Z]{2}(?:\s+\d{5})?)?(?=[\s.,;)]|$)/

const numberIn = (text: string | undefined): number | null => {
  const m = text ? /\d[\d,]*(\.\d+)?/.exec(text) : null
  const n = m ? Number(m[0].replace(/,/g, '')) : NaN
  return Number.isFinite(n) && n > 0 ? n : null
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
const str = (v: unknown): string | null => (typeof v === 'string' ? clean(v) : typeof v === 'number' && Number.isFinite(v) ? String(v) : null)

/** Known fields of ZPropertyData (property, fireHazard), tolerant of any other shape. */
function propertyNotes(data: unknown): { notes: string[]; address: string | null; squareFootage: number | null } {
  const root = record(data)
  const property = record(root.property ?? root)
  const fire = record(root.fireHazard)
  const notes: string[] = []
  const add = (label: string, value: string | null) => value && notes.push(`${label} ${value}`)
  add('property type', str(property.propertyType))
  add('built in', str(property.yearBuilt))
  add('bedrooms:', str(property.bedrooms))
  add('bathrooms:', str(property.bathrooms))
  const risk = str(fire.riskLevel)
  if (risk) notes.push(`fire hazard risk ${risk.toLowerCase()}${str(fire.zone) ? ` (zone ${str(fire.zone)})` : ''}`)
  const sq = typeof property.squareFootage === 'number' && property.squareFootage > 0 ? Math.round(property.squareFootage) : null
  return { notes, address: str(property.formattedAddress), squareFootage: sq }
}

export function promptFacts(prompt: string, projectType: string | null | undefined, propertyData: unknown, settings: CompanySettings): EstimateFacts {
  const { found: v, notes } = labelledValues(prompt)
  const property = propertyNotes(propertyData)
  const total = numberIn(v.totalCost ?? MONEY.exec(prompt)?.[0])
  const area = numberIn(v.squareFootage ?? AREA.exec(prompt)?.[1])
  return {
    projectName: v.projectName ?? null,
    projectType: clean(projectType) ?? v.projectType ?? null,
    clientName: v.clientName ?? null,
    clientEmail: v.clientEmail ?? null,
    propertyAddress: v.propertyAddress ?? property.address ?? ADDRESS.exec(prompt)?.[0]?.trim() ?? null,
    squareFootage: area ? Math.round(area) : property.squareFootage,
    totalCost: total ? moneyText(total) : null,
    pricing: null,
    phases: [],
    sections: [],
    specialFeatures: v.specialFeatures ?? null,
    meetingNotes: v.meetingNotes ?? null,
    propertyNotes: [...property.notes, ...notes.filter((n) => !property.notes.includes(n))],
    company: companyFacts(settings),
  }
}
