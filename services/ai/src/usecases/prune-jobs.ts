import { pruneFinishedJobs } from '../data/jobs-repo.js'
import type { AiDeps } from '../deps.js'

const DAY_MS = 86_400_000

/** Removes finished jobs past AI_JOB_RETENTION_DAYS: each holds a copy of its estimate's data. */
export function pruneJobs(deps: Pick<AiDeps, 'prisma' | 'env'>, now = Date.now()): Promise<number> {
  return pruneFinishedJobs(deps.prisma, new Date(now - deps.env.AI_JOB_RETENTION_DAYS * DAY_MS))
}
