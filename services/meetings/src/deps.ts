import { randomUUID } from 'node:crypto'
import type { ServiceDeps } from '@plumbline/service-kit'
import type { MeetingsEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'
import type { AudioStorage } from './storage/audio-storage.js'
import { createPostgresAudioStorage } from './storage/postgres-audio-storage.js'
import type { TranscriptionProvider } from './transcription/provider.js'
import { selectTranscriptionProvider } from './transcription/select-provider.js'

/**
 * Everything a use case may touch: the runtime's deps plus meetings' env, the recordings' storage,
 * the configured recogniser and `workerId`, which names this process's transcription leases.
 */
export type MeetingsDeps = ServiceDeps<PrismaClient> & {
  env: MeetingsEnv
  storage: AudioStorage
  transcriber: TranscriptionProvider
  workerId: string
}

export function buildDeps(base: ServiceDeps<PrismaClient>, env: MeetingsEnv): MeetingsDeps {
  return {
    ...base,
    env,
    storage: createPostgresAudioStorage(base.queryRows, base.schema),
    transcriber: selectTranscriptionProvider(env),
    workerId: `meetings-${process.pid}-${randomUUID().slice(0, 8)}`,
  }
}
