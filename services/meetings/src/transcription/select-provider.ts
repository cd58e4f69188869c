import type { TranscriptionProvider } from './provider.js'
import { TranscriptionUnavailableError } from './provider.js'

/**
 * Picks the recogniser from configuration. Until the providers land this answers the third
 * case of issue 12 ("none available"): the meeting keeps its audio and says why.
 */
export function selectTranscriptionProvider(_env: Record<string, string | undefined> = process.env): TranscriptionProvider {
  return noTranscriptionProvider('No speech recogniser is configured.')
}

export function noTranscriptionProvider(reason: string): TranscriptionProvider {
  return {
    info: () => ({
      id: 'none',
      label: 'No transcription',
      available: false,
      reason,
      hint: 'Set OPENAI_API_KEY (or OPENAI_BASE_URL for a self-hosted whisper server) for transcripts.',
    }),
    transcribe: async () => {
      throw new TranscriptionUnavailableError(reason)
    },
  }
}
