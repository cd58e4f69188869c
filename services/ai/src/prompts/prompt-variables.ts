import type { EstimateFacts } from '../domain/estimate-facts.js'
import { quotedTotal } from '../domain/estimate-facts.js'
import { money, thousands } from '../domain/format.js'
import type { PromptVariables } from './render-prompt.js'

/** AI_PROMPT_VARIABLES for one estimate; what the facts lack stays undefined (renders empty). */
export function promptVariables(f: EstimateFacts, propertyData?: string | null): PromptVariables {
  return {
    projectType: f.projectType ?? undefined,
    projectName: f.projectName ?? undefined,
    clientName: f.clientName ?? undefined,
    clientEmail: f.clientEmail ?? undefined,
    companyName: f.company.name ?? undefined,
    contractorLicense: f.company.license ?? undefined,
    propertyAddress: f.propertyAddress ?? undefined,
    totalCost: money(quotedTotal(f)) ?? undefined,
    squareFootage: f.squareFootage ? thousands(f.squareFootage) : undefined,
    specialFeatures: f.specialFeatures ?? undefined,
    meetingTranscript: f.meetingNotes ?? undefined,
    propertyData: propertyData ?? (f.propertyNotes.length ? f.propertyNotes.join('; ') : undefined),
  }
}
