import type { Closer } from '@plumbline/service-kit'
import { startJobWorker } from './consumers/job-worker.js'
import type { AiDeps } from './deps.js'
import { startMeetingNotesResponder } from './meeting-notes/meeting-notes-responder.js'
import { pruneJobs } from './usecases/prune-jobs.js'

const HOUR = 3_600_000

/** Start-up work beyond the shared runtime: the generate-all job worker, the meeting-notes responder and an hourly prune of old jobs. */
export async function startAi(deps: AiDeps): Promise<Closer[]> {
  const worker = await startJobWorker(deps)
  const meetingNotes = startMeetingNotesResponder(deps)
  deps.logger.info({ writer: deps.provider.info.label, concurrency: deps.env.AI_WORKER_CONCURRENCY }, 'AI job worker started')
  const prune = () => void pruneJobs(deps).catch((err: unknown) => deps.logger.warn({ err: (err as Error).message }, 'job prune failed'))
  prune()
  const timer = setInterval(prune, HOUR)
  timer.unref()
  return [
    { name: 'job-prune', close: () => clearInterval(timer) },
    { name: 'job-worker', close: () => worker.stop() },
    { name: 'meeting-notes-responder', close: () => meetingNotes.stop() },
  ]
}
