/**
 * The meetings service's own work queue: "run this transcription job". It lives in the meetings
 * stream (captured by `meetings.>`) beside the meeting events; only the service's worker consumes it.
 */
export const TRANSCRIPTION_REQUESTED_SUBJECT = 'meetings.transcription.requested.v1'
export const TRANSCRIPTION_WORKER_DURABLE = 'meetings-transcription-worker'
export const MEETINGS_SCHEMA = 'meetings'
