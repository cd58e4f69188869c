import { MEETING_AUDIO_MAX_BYTES } from '@plumbline/contracts'
import { parseEnv, withProductionChecks, ZBaseEnv } from '@plumbline/service-kit'
import { z } from 'zod'
import { ZTranscriptionEnv } from './transcription/select-provider.js'

const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback)

export const ZMeetingsEnv = withProductionChecks(
  ZBaseEnv.extend({
    ...ZTranscriptionEnv.shape,
    PORT: z.coerce.number().int().default(4005),
    /** The largest recording accepted (streamed: memory stays flat whatever the size). */
    MEETINGS_AUDIO_MAX_BYTES: z.coerce.number().int().positive().default(MEETING_AUDIO_MAX_BYTES),
    /** Transcriptions one process runs at once: each runs ffmpeg and a recogniser (CPU-heavy offline). */
    TRANSCRIPTION_WORKER_CONCURRENCY: int(1, 1, 16),
    /** Processes sharing the transcription consumer; max_ack_pending = concurrency × this (as the ai worker). */
    TRANSCRIPTION_WORKER_MAX_REPLICAS: int(8, 1, 1024),
    TRANSCRIPTION_LEASE_MS: int(60_000, 1_000, 600_000),
    TRANSCRIPTION_MAX_DELIVERIES: int(8, 1, 100),
    /** How long the transcription job waits for the ai service's summary before keeping the transcript without one. */
    SUMMARY_TIMEOUT_MS: int(60_000, 500, 600_000),
  }),
)
export type MeetingsEnv = z.infer<typeof ZMeetingsEnv>
export const loadEnv = (source: NodeJS.ProcessEnv = process.env) => parseEnv(ZMeetingsEnv, source)
