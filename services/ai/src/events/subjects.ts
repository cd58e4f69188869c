/**
 * The ai service's own work queue: "run this job". It lives in the AI stream (captured by
 * `ai.>`) beside ai.generation.completed.v1, but only the service's own worker consumes it.
 */
export const JOB_REQUESTED_SUBJECT = 'ai.job.requested.v1'
export const JOB_WORKER_DURABLE = 'ai-job-worker'
export const AI_SCHEMA = 'ai'
export type JobRequestedV1 = { jobId: string }
