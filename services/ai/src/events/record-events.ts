import { type AiGenerationCompletedV1, Subjects } from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import type { Tx } from '../data/db.js'
import { AI_SCHEMA, JOB_REQUESTED_SUBJECT, type JobRequestedV1 } from './subjects.js'

/** ai.generation.completed.v1 in the caller's transaction: admin counts usage, estimates keeps a job's blocks. */
export async function recordGenerationCompleted(tx: Tx, orgId: string, actorId: string | null, data: AiGenerationCompletedV1): Promise<void> {
  await writeOutbox(tx, AI_SCHEMA, createEnvelope({ type: Subjects.aiGenerationCompleted, orgId, actorId, data }))
}

/** Enqueues a job through the outbox, so the job row and its message commit together. */
export async function recordJobRequested(tx: Tx, orgId: string, actorId: string, data: JobRequestedV1): Promise<void> {
  await writeOutbox(tx, AI_SCHEMA, createEnvelope({ type: JOB_REQUESTED_SUBJECT, orgId, actorId, data }))
}
