import type { Closer } from '@plumbline/service-kit'
import type { MeetingsDeps } from './deps.js'
import { startTranscriptionWorker } from './events/transcription-worker.js'

/** Start-up work beyond the shared runtime: the transcription job worker. */
export async function startMeetings(deps: MeetingsDeps): Promise<Closer[]> {
  const worker = await startTranscriptionWorker(deps)
  const recogniser = deps.transcriber.info()
  deps.logger.info(
    { recogniser: recogniser.label, available: recogniser.available, concurrency: deps.env.TRANSCRIPTION_WORKER_CONCURRENCY },
    'transcription worker started',
  )
  return [{ name: 'transcription-worker', close: () => worker.stop() }]
}
