import type { TranscriptSegment } from '@plumbline/contracts'

/**
 * The seam between the meetings service's transcription job and the recognisers. Providers
 * (an OpenAI-compatible `audio/transcriptions` endpoint, Debian's offline pocketsphinx, or none)
 * live beside this file; `select-provider.ts` picks one from configuration.
 */
export type TranscriptionProviderId = 'openai' | 'pocketsphinx' | 'none'

export type TranscriptionProviderInfo = {
  id: TranscriptionProviderId
  /** Named in the UI, honestly: e.g. "Basic offline recogniser (pocketsphinx)". */
  label: string
  available: boolean
  /** Why it is unavailable, when it is (shown as the meeting's status message). */
  reason?: string
  /** The setting to change for better transcripts, e.g. "Set OPENAI_API_KEY …". */
  hint?: string
}

export type Transcript = { text: string; segments: TranscriptSegment[]; language: string | null }

export type TranscribeOptions = {
  signal?: AbortSignal
  /** 0..1 as chunks finish, for honest progress in the meeting list. */
  onProgress?: (fraction: number) => void
}

export interface TranscriptionProvider {
  info(): TranscriptionProviderInfo
  /**
   * Transcribes one audio file on disk (webm, ogg, wav, mp3 or m4a). Long audio is cut into
   * chunks inside the provider and the segments' timestamps stitched back, so callers pass any
   * length. Throws TranscriptionUnavailableError when the provider cannot run at all.
   */
  transcribe(audioPath: string, options?: TranscribeOptions): Promise<Transcript>
}

export class TranscriptionUnavailableError extends Error {
  override name = 'TranscriptionUnavailableError'
}

/**
 * A provider that can run failed on this audio. `retryable` says whether trying again later
 * may help (rate limits, server errors, timeouts) or not (the endpoint refused the request).
 */
export class TranscriptionFailedError extends Error {
  override name = 'TranscriptionFailedError'
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    /** The server's Retry-After, when it said one. */
    readonly retryAfterMs?: number,
  ) {
    super(message)
  }
}
