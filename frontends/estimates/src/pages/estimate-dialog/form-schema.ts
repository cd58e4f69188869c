import type { EstimatePayload } from '@plumbline/contracts'
import { z } from 'zod'

/** Spec 000 §5 messages, exactly. */
export const MESSAGES = {
  projectType: 'Please select a project type',
  projectName: 'Project name is required',
  clientName: 'Client name is required',
  clientEmail: 'Please enter a valid email',
  propertyAddress: 'Property address is required',
  totalCost: 'Total cost is required',
  squareFootage: 'Please enter a whole number of square feet',
} as const

/** The dialog's form. Inputs hold strings; the payload is built by toEstimatePayload. */
export const ZEstimateForm = z.object({
  projectTypeId: z.string().min(1, MESSAGES.projectType),
  templateId: z.string(),
  propertyAddress: z.string().trim().min(1, MESSAGES.propertyAddress).max(500),
  clientName: z.string().trim().min(1, MESSAGES.clientName).max(200),
  clientEmail: z.string().trim().email(MESSAGES.clientEmail),
  projectName: z.string().trim().min(1, MESSAGES.projectName).max(300),
  // A non-empty string, not checked as a number (spec 000 §5).
  totalCost: z.string().trim().min(1, MESSAGES.totalCost),
  squareFootage: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,8}$/.test(v), MESSAGES.squareFootage),
  specialFeatures: z.string().max(10_000),
  meetingTranscript: z.string().max(200_000),
})
export type EstimateFormValues = z.infer<typeof ZEstimateForm>

export const EMPTY_FORM: EstimateFormValues = {
  projectTypeId: '',
  templateId: '',
  propertyAddress: '',
  clientName: '',
  clientEmail: '',
  projectName: '',
  totalCost: '',
  squareFootage: '',
  specialFeatures: '',
  meetingTranscript: '',
}

/** The estimate fields the dialog edits (spec 000 §3 'Estimate read for editing'). */
export type EstimateForEdit = {
  id: string
  projectTypeId: string | null
  projectName: string
  clientName: string
  clientEmail: string | null
  propertyAddress: string
  totalCost: string | number | null
  squareFootage: number | null
  specialFeatures: string | null
  meetingTranscript: string | null
}

export function formValuesFromEstimate(e: EstimateForEdit): EstimateFormValues {
  return {
    projectTypeId: e.projectTypeId ?? '',
    templateId: '',
    propertyAddress: e.propertyAddress ?? '',
    clientName: e.clientName ?? '',
    clientEmail: e.clientEmail ?? '',
    projectName: e.projectName ?? '',
    totalCost: e.totalCost === null || e.totalCost === undefined ? '' : String(e.totalCost),
    squareFootage: e.squareFootage === null || e.squareFootage === undefined ? '' : String(e.squareFootage),
    specialFeatures: e.specialFeatures ?? '',
    meetingTranscript: e.meetingTranscript ?? '',
  }
}

/** Spec 000 §4: choosing a type (or editing the client name once one is chosen) sets this name. */
export function suggestProjectName(typeName: string, clientName: string | null | undefined): string {
  return `${typeName} - ${(clientName ?? '').trim() || 'Client'}`
}

/** ZEstimatePayload's limit on aiSummary. */
export const AI_SUMMARY_MAX = 20_000

/**
 * Spec 000 §3: totalCost is sent as the entered string, squareFootage as an integer (or nothing),
 * aiSummary empty on create unless generated in the dialog. An edit leaves it out unless generated,
 * so it does not erase earlier text.
 */
export function toEstimatePayload(v: EstimateFormValues, mode: 'create' | 'edit', aiSummary?: string | null): EstimatePayload {
  const sq = v.squareFootage.trim()
  return {
    projectTypeId: v.projectTypeId,
    projectName: v.projectName.trim(),
    clientName: v.clientName.trim(),
    clientEmail: v.clientEmail.trim(),
    propertyAddress: v.propertyAddress.trim(),
    totalCost: v.totalCost.trim(),
    squareFootage: sq === '' ? null : Number.parseInt(sq, 10),
    specialFeatures: v.specialFeatures,
    meetingTranscript: v.meetingTranscript,
    // Text from the manual Generate AI Content action is kept as the AI summary (the list shows it).
    ...(aiSummary?.trim() ? { aiSummary: aiSummary.trim().slice(0, AI_SUMMARY_MAX) } : mode === 'create' ? { aiSummary: '' } : {}),
  }
}

export const MISSING_AI_INFO = {
  title: 'Missing Information',
  description: 'Please select a project type and enter total cost before generating AI content',
} as const

/** Spec 000 §5: manual generation needs a project type and a total cost. */
export function missingInfoForAI(v: Pick<EstimateFormValues, 'projectTypeId' | 'totalCost'>): boolean {
  return !v.projectTypeId || !v.totalCost.trim()
}
