import type { ContentBlocks, ContentSectionType, JobStatusResponse } from '@plumbline/contracts'
import { CONTENT_SECTION_TYPES } from '@plumbline/contracts'
import { apiRequest } from '@plumbline/web'
import { type JobResult, type PollJobOptions, pollJob } from './poll-job'

// The AI calls shared by the create flow and the estimate detail page (spec 000 §7, 001 §7).

const orgBase = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}`
const estimateBase = (orgId: string, id: string) => `${orgBase(orgId)}/estimates/${encodeURIComponent(id)}`

async function json<T>(res: Response): Promise<T> {
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** POST …/generate-all-content → {jobId}; a missing id is an error (spec 000 §4). */
export async function startGenerateAll(orgId: string, estimateId: string): Promise<string> {
  const body = await json<{ jobId?: string }>(await apiRequest('POST', `${estimateBase(orgId, estimateId)}/generate-all-content`))
  if (!body?.jobId) throw new Error('The AI service did not return a job id')
  return body.jobId
}

export async function fetchJobStatus(orgId: string, jobId: string, signal?: AbortSignal): Promise<JobStatusResponse> {
  const res = await fetch(`${orgBase(orgId)}/jobs/${encodeURIComponent(jobId)}/status`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  })
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`)
  return (await res.json()) as JobStatusResponse
}

export async function cancelJob(orgId: string, jobId: string): Promise<void> {
  await apiRequest('POST', `${orgBase(orgId)}/jobs/${encodeURIComponent(jobId)}/cancel`)
}

export function waitForJob(orgId: string, jobId: string, opts: Omit<PollJobOptions, 'fetchStatus'> = {}): Promise<JobResult> {
  return pollJob({ ...opts, fetchStatus: () => fetchJobStatus(orgId, jobId, opts.signal) })
}

export async function saveSectionContent(orgId: string, estimateId: string, type: ContentSectionType, content: string): Promise<void> {
  await apiRequest('PATCH', `${estimateBase(orgId, estimateId)}/content/${type}`, { content })
}

/**
 * Spec 000 §4: each non-empty section of a result is saved separately; a failed save is only
 * logged (the others still land). Returns the sections that were saved.
 */
export async function saveContentBlocks(orgId: string, estimateId: string, blocks: ContentBlocks): Promise<ContentSectionType[]> {
  const saved: ContentSectionType[] = []
  for (const type of CONTENT_SECTION_TYPES) {
    const text = blocks[type]?.trim()
    if (!text) continue
    try {
      await saveSectionContent(orgId, estimateId, type, text)
      saved.push(type)
    } catch (err) {
      console.error(`Failed to save the generated ${type}`, err)
    }
  }
  return saved
}

/** Start generate-all, wait for the job, save its blocks: the create flow and the detail page. */
export async function generateAllContent(
  orgId: string,
  estimateId: string,
  opts: Omit<PollJobOptions, 'fetchStatus'> & { onJobId?: (jobId: string) => void } = {},
): Promise<{ jobId: string; result: JobResult; saved: ContentSectionType[] }> {
  const jobId = await startGenerateAll(orgId, estimateId)
  opts.onJobId?.(jobId)
  const result = await waitForJob(orgId, jobId, opts)
  const saved = await saveContentBlocks(orgId, estimateId, result.contentBlocks)
  return { jobId, result, saved }
}

/**
 * POST /api/ai/generate-content (the create dialog's manual action), as spec 000 §7 sends it: the
 * organisation in the JSON body, where the gateway reads it to check membership.
 */
export async function generateContent(body: {
  organizationId: string
  prompt: string
  projectType: string | null
  propertyData: unknown
}): Promise<{ content: string; writer?: string }> {
  return json(await apiRequest('POST', '/api/ai/generate-content', body))
}
