import { type CompanySettings, costTypeLabel, type EstimateDocument } from '@plumbline/contracts'
import { clean, positive } from './format.js'
import type { JobInput } from './job-input.js'

/**
 * The facts a writer may state about one estimate, each present only when the estimate has it.
 * Writers never look at raw data: whatever is null or empty here simply goes unmentioned.
 */
export type EstimateFacts = {
  projectName: string | null
  projectType: string | null
  clientName: string | null
  clientEmail: string | null
  propertyAddress: string | null
  squareFootage: number | null
  /** The estimate's stated total cost. */
  totalCost: string | null
  pricing: PricingFacts | null
  phases: PhaseFacts[]
  sections: SectionFacts[]
  specialFeatures: string | null
  meetingNotes: string | null
  /** Extra property facts (year built, bedrooms, fire risk…) when a caller has them. */
  propertyNotes: string[]
  company: CompanyFacts
}
export type PricingFacts = {
  baseTotal: string
  markupTotal: string | null
  taxTotal: string | null
  taxes: { name: string; amount: string }[]
  grandTotal: string
}
export type PhaseFacts = {
  name: string
  description: string | null
  amount: string | null
  percentage: string | null
  startDate: string | null
  endDate: string | null
  status: string
}
export type SectionFacts = { name: string; description: string | null; total: string | null; items: ItemFacts[] }
export type ItemFacts = { name: string; quantity: string; unit: string; totalCost: string; costType: string }
export type CompanyFacts = { name: string | null; license: string | null; phone: string | null; email: string | null; website: string | null }

export function companyFacts(settings: CompanySettings): CompanyFacts {
  return {
    name: clean(settings.companyName),
    license: clean(settings.contractorLicense),
    phone: clean(settings.companyPhone),
    email: clean(settings.companyEmail),
    website: clean(settings.website),
  }
}

function pricingFacts(doc: EstimateDocument): PricingFacts | null {
  const t = doc.pricing.totals
  // Without line items the computed totals are all zero: the stated total cost speaks instead.
  if (!positive(t.grandTotal)) return null
  return {
    baseTotal: t.baseTotal,
    markupTotal: positive(t.markupTotal) ? t.markupTotal : null,
    taxTotal: positive(t.taxTotal) ? t.taxTotal : null,
    taxes: t.taxes.filter((x) => positive(x.amount)).map((x) => ({ name: x.name, amount: x.amount })),
    grandTotal: t.grandTotal,
  }
}

function phaseFacts(doc: EstimateDocument): PhaseFacts[] {
  return [...doc.phases]
    .filter((p) => p.isEnabled && p.status !== 'hidden' && clean(p.name))
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((p) => ({
      name: clean(p.name) as string,
      description: clean(p.description),
      amount: positive(p.amount) ? p.amount : positive(p.estimatedCost) ? p.estimatedCost : null,
      percentage: positive(p.percentage) ? p.percentage : null,
      startDate: p.startDate,
      endDate: p.endDate,
      status: p.status,
    }))
}

function sectionFacts(doc: EstimateDocument): SectionFacts[] {
  return [...doc.sections]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .filter((s) => clean(s.name))
    .map((s) => ({
      name: clean(s.name) as string,
      description: clean(s.description),
      total: positive(s.total) ? s.total : null,
      items: [...s.lineItems]
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .filter((i) => clean(i.name))
        .map((i) => ({ name: clean(i.name) as string, quantity: i.quantity, unit: i.unit, totalCost: i.totalCost, costType: costTypeLabel(i) })),
    }))
}

export function estimateFacts(input: JobInput): EstimateFacts {
  const { document: doc, settings } = input
  const e = doc.estimate
  return {
    projectName: clean(e.projectName),
    projectType: clean(e.projectType?.name),
    clientName: clean(e.clientName),
    clientEmail: clean(e.clientEmail),
    propertyAddress: clean(e.propertyAddress),
    squareFootage: e.squareFootage && e.squareFootage > 0 ? e.squareFootage : null,
    totalCost: positive(e.totalCost) ? e.totalCost : null,
    pricing: pricingFacts(doc),
    phases: phaseFacts(doc),
    sections: sectionFacts(doc),
    specialFeatures: clean(e.specialFeatures),
    meetingNotes: e.meetingTranscript?.trim() ? e.meetingTranscript.trim() : null,
    propertyNotes: [],
    company: companyFacts(settings),
  }
}

/** The amount to quote: the computed grand total when line items priced it, else the stated total. */
export const quotedTotal = (f: EstimateFacts): string | null => f.pricing?.grandTotal ?? f.totalCost

export const lineItemCount = (f: EstimateFacts): number => f.sections.reduce((n, s) => n + s.items.length, 0)
