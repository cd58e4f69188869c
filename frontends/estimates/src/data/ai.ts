import type { ContentBlocks, ContentSectionType, JobStatusResponse } from '@plumbline/contracts'
import { CONTENT_SECTION_TYPES } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { callApi } from '@plumbline/web'
import { JobError, type JobResult, POLL_MESSAGES, type PollJobOptions, pollJob } from './poll-job'

// The AI calls shared by the create flow and the estimate detail page (spec 000 §7, 001 §7).

/** POST …/generate-all-content → {jobId}; a missing id is an error (spec 000 §4). */
export async function startGenerateAll(orgId: string, estimateId: string): Promise<string> {
  const body: { jobId?: string } | undefined = await callApi(api.postEstimatesGenerateAllContent, { params: { orgId, id: estimateId } })
  if (!body?.jobId) throw new Error('The AI service did not return a job id')
  return body.jobId
}

export async function fetchJobStatus(orgId: string, jobId: string, signal?: AbortSignal): Promise<JobStatusResponse> {
  return callApi(api.getJobsStatus, { params: { orgId, jobId }, signal })
}

export async function cancelJob(orgId: string, jobId: string): Promise<void> {
  await callApi(api.postJobsCancel, { params: { orgId, jobId } })
}

export function waitForJob(orgId: string, jobId: string, opts: Omit<PollJobOptions, 'fetchStatus'> = {}): Promise<JobResult> {
  return pollJob({ ...opts, fetchStatus: () => fetchJobStatus(orgId, jobId, opts.signal) })
}

/** How long to wait for the estimates service to write a finished job's blocks. */
export const SECTIONS_WAIT = { attempts: 40, intervalMs: 250 } as const

/** The generated blocks that carry text: the sections the server writes. */
export function nonEmptyBlocks(blocks: ContentBlocks): [ContentSectionType, string][] {
  return CONTENT_SECTION_TYPES.flatMap((type) => {
    const text = blocks[type]?.trim()
    return text ? [[type, text] as [ContentSectionType, string]] : []
  })
}

/**
 * The estimates service is the only writer of generated sections: it writes a finished job's
 * blocks when the job's completion event reaches it (DESIGN §4), a moment after the job reports
 * completed. Waits until they show in the estimate (they land in one transaction, so one is
 * enough), then returns the sections that hold the generated text (a section a person saved
 * while the job ran keeps theirs). Gives up quietly after SECTIONS_WAIT: the text still lands.
 */
export async function waitForGeneratedSections(
  orgId: string,
  estimateId: string,
  blocks: ContentBlocks,
  opts: { signal?: AbortSignal; sleep?: (ms: number) => Promise<void> } = {},
): Promise<ContentSectionType[]> {
  const expected = nonEmptyBlocks(blocks)
  if (expected.length === 0) return []
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  let written: ContentSectionType[] = []
  for (let attempt = 1; attempt <= SECTIONS_WAIT.attempts; attempt++) {
    if (opts.signal?.aborted) throw new JobError(POLL_MESSAGES.cancelled, 'aborted')
    const sections = await fetchContentSections(orgId, estimateId, opts.signal).catch(() => null)
    if (sections) {
      written = expected.filter(([type, text]) => sections[type]?.trim() === text).map(([type]) => type)
      if (written.length > 0) return written
    }
    await sleep(SECTIONS_WAIT.intervalMs)
  }
  return written
}

async function fetchContentSections(orgId: string, estimateId: string, signal?: AbortSignal): Promise<Partial<Record<ContentSectionType, string | null>>> {
  const estimate: { contentSections?: Partial<Record<ContentSectionType, string | null>> } = await callApi(api.getEstimatesById, {
    params: { orgId, id: estimateId },
    signal,
  })
  return estimate.contentSections ?? {}
}

/**
 * Start generate-all, wait for the job, then for the server to write its blocks: the create
 * flow and the detail page. The browser never writes the generated sections itself.
 */
export async function generateAllContent(
  orgId: string,
  estimateId: string,
  opts: Omit<PollJobOptions, 'fetchStatus'> & { onJobId?: (jobId: string) => void } = {},
): Promise<{ jobId: string; result: JobResult; saved: ContentSectionType[] }> {
  const jobId = await startGenerateAll(orgId, estimateId)
  opts.onJobId?.(jobId)
  const result = await waitForJob(orgId, jobId, opts)
  const saved = await waitForGeneratedSections(orgId, estimateId, result.contentBlocks, { signal: opts.signal })
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
  return callApi(api.postAiGenerateContent, { body })
}
