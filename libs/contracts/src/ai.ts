import { z } from 'zod'
import { ZContentSectionType } from './estimates.js'

// AI service contracts (spec 000 §7, spec 001 §2 and §7). The service owns jobs, prompt
// templates, chat messages and AI usage; section text itself is stored by the estimates service.

const id = z.string().min(1).max(64)

/** Which writer produced a text: the embedded, deterministic one or an OpenAI-compatible model. */
export const AI_WRITERS = ['built-in', 'openai'] as const
export const ZAiWriter = z.enum(AI_WRITERS)
export type AiWriter = z.infer<typeof ZAiWriter>

/** GET /api/ai/provider?organizationId=…: what the UI names as the writer. */
export const ZAiProviderInfo = z.object({ writer: ZAiWriter, model: z.string().nullable(), label: z.string() })
export type AiProviderInfo = z.infer<typeof ZAiProviderInfo>
/** GET /ai/provider: the gateway scopes the caller to `organizationId`. */
export const ZAiProviderQuery = z.object({ organizationId: z.string({ error: 'organizationId is required' }).min(1, 'organizationId is required').max(64) })

/** Prompt variables (spec 001 §10); a missing one renders empty. */
export const AI_PROMPT_VARIABLES = [
  'projectType',
  'projectName',
  'clientName',
  'clientEmail',
  'companyName',
  'contractorLicense',
  'propertyAddress',
  'totalCost',
  'squareFootage',
  'specialFeatures',
  'meetingTranscript',
  'propertyData',
] as const
export type AiPromptVariable = (typeof AI_PROMPT_VARIABLES)[number]

/** The four built-in prompt templates (spec 001 §12). */
export const BUILT_IN_PROMPT_TEMPLATES = ['residential_construction', 'commercial_construction', 'remodeling_renovation', 'maintenance_repair'] as const
export const ZBuiltInPromptTemplate = z.enum(BUILT_IN_PROMPT_TEMPLATES)

/** POST /api/ai/generate-content (create dialog and the settings prompt preview). */
export const ZGenerateContentBody = z.object({
  organizationId: id,
  prompt: z.string({ error: 'Prompt is required' }).trim().min(1, 'Prompt is required').max(50_000),
  projectType: z.string().max(200).optional().nullable(),
  propertyData: z.unknown().optional(),
})
export const ZGenerateContentResponse = z.object({ content: z.string(), writer: ZAiWriter })

/** POST …/estimates/{id}/generate-all-content */
export const ZStartJobResponse = z.object({ jobId: z.string() })

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const
export const ZJobStatus = z.enum(JOB_STATUSES)
export type JobStatus = z.infer<typeof ZJobStatus>
export const ZContentBlocks = z.partialRecord(ZContentSectionType, z.string())
export type ContentBlocks = z.infer<typeof ZContentBlocks>
/** GET …/jobs/{jobId}/status (and POST …/jobs/{jobId}/cancel). */
export const ZJobStatusResponse = z.object({
  status: ZJobStatus,
  result: z.object({ contentBlocks: ZContentBlocks, writer: ZAiWriter }).nullable(),
  error: z.string().nullable(),
  message: z.string().nullable(),
})
export type JobStatusResponse = z.infer<typeof ZJobStatusResponse>

/** POST …/estimates/{id}/generate-content/{type}: one section's text (the client saves it). */
export const ZGenerateSectionResponse = z.object({ type: ZContentSectionType, content: z.string(), writer: ZAiWriter })

/** Chat on one content section (spec 001 §2, §10). */
export const ZChatMessageBody = z.object({
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(4000),
})
export const ZChatMessage = z.object({
  id,
  userMessage: z.string(),
  aiResponse: z.string(),
  /** Revised section text the user may apply with one click; null when the reply only answers. */
  proposedContent: z.string().nullable(),
  writer: ZAiWriter,
  createdAt: z.string(),
})
export type ChatMessage = z.infer<typeof ZChatMessage>

/** problem+json codes of the ai service. */
export const AiErrorCode = {
  AI_LIMIT_REACHED: 'AI_LIMIT_REACHED',
  AI_PROVIDER_FAILED: 'AI_PROVIDER_FAILED',
} as const

/** Data of ai.generation.completed.v1: admin counts usage; estimates saves a job's blocks. */
export const AI_GENERATION_KINDS = ['generate_all', 'section', 'chat', 'preview'] as const
export const ZAiGenerationCompletedV1 = z.object({
  kind: z.enum(AI_GENERATION_KINDS),
  estimateId: z.string().nullable(),
  jobId: z.string().nullable(),
  writer: ZAiWriter,
  contentBlocks: ZContentBlocks,
  /**
   * generate_all: when the job was asked for. Text saved before then is replaced (the person
   * asked for new text); text a person saved while the job ran is kept. Absent on older events:
   * only empty sections are filled.
   */
  requestedAt: z.iso.datetime().nullable().optional(),
})
export type AiGenerationCompletedV1 = z.infer<typeof ZAiGenerationCompletedV1>
