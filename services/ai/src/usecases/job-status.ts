import { type JobStatus, type JobStatusResponse, ZAiWriter, ZContentBlocks } from '@plumbline/contracts'
import type { JobRow } from '../data/jobs-repo.js'

/** The job row as the status contract shows it: a result only once completed. */
export function jobStatusOf(job: JobRow): JobStatusResponse {
  const blocks = ZContentBlocks.safeParse((job.result as { contentBlocks?: unknown } | null)?.contentBlocks)
  const writer = ZAiWriter.safeParse(job.writer)
  const completed = job.status === 'completed' && blocks.success && writer.success
  return {
    status: job.status as JobStatus,
    result: completed ? { contentBlocks: blocks.data, writer: writer.data } : null,
    error: job.status === 'failed' ? (job.error ?? 'AI generation failed') : null,
    message: job.message,
  }
}
