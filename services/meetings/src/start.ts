import type { Closer } from '@plumbline/service-kit'
import { startTranscriptionWorker } from './consumers/transcription-worker.js'
import type { MeetingsDeps } from './deps.js'
import { sweepAbandonedAudio } from './storage/postgres-audio-storage.js'

/** How often the chunks of uploads that never finished are removed. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000

/** Start-up work beyond the shared runtime: the transcription job worker. */
export async function startMeetings(deps: MeetingsDeps): Promise<Closer[]> {
  const worker = await startTranscriptionWorker(deps)
  const recogniser = deps.transcriber.info()
  deps.logger.info(
    { recogniser: recogniser.label, available: recogniser.available, concurrency: deps.env.TRANSCRIPTION_WORKER_CONCURRENCY },
    'transcription worker started',
  )
  const sweep = () => void sweepAbandonedAudio(deps.queryRows, deps.schema).catch((err: unknown) => deps.logger.warn({ err }, 'audio sweep failed'))
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS)
  sweeper.unref()
  return [
    { name: 'transcription-worker', close: () => worker.stop() },
    { name: 'audio sweep', close: async () => clearInterval(sweeper) },
  ]
}
