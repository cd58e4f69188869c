import { z } from 'zod'
import { createOpenAiTranscriptionProvider, MAX_OPENAI_CHUNK_SECONDS } from './openai.js'
import { ACCURATE_TRANSCRIPTS_HINT, createPocketsphinxProvider, DEFAULT_POCKETSPHINX_SETTINGS, pocketsphinxMissing } from './pocketsphinx.js'
import type { TranscriptionProvider } from './provider.js'
import { TranscriptionUnavailableError } from './provider.js'

const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback)

/**
 * Settings of the recognisers, a plain object so the service's env can take them in
 * (`ZBaseEnv.extend({ ...ZTranscriptionEnv.shape, … })` or `ZTranscriptionEnv.extend(…)`).
 *
 * Which recogniser: TRANSCRIPTION_PROVIDER=auto|openai|pocketsphinx|none. `auto` (the default)
 * takes the OpenAI-compatible endpoint when OPENAI_API_KEY or OPENAI_BASE_URL is set, else the
 * offline pocketsphinx when it is installed, else none (the meeting keeps its audio and says why).
 */
export const ZTranscriptionEnv = z.object({
  TRANSCRIPTION_PROVIDER: z.enum(['auto', 'openai', 'pocketsphinx', 'none']).default('auto'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** e.g. http://127.0.0.1:8080/v1 for a self-hosted whisper.cpp or faster-whisper server. */
  OPENAI_BASE_URL: z.string().url().optional(),
  /** whisper-1, gpt-4o-transcribe, gpt-4o-transcribe-diarize, or the model a whisper server names. */
  TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  /** One chunk's upload and answer; a slower one counts as a failed attempt. */
  TRANSCRIPTION_TIMEOUT_MS: int(300_000, 1_000, 3_600_000),
  /** Attempts per chunk on 429, 5xx, timeouts and connection errors (then the transcription fails, retryable). */
  TRANSCRIPTION_MAX_ATTEMPTS: int(3, 1, 10),
  /** First retry delay; each further one doubles, with ±50 % jitter (or the server's Retry-After). */
  TRANSCRIPTION_RETRY_BASE_MS: int(1_000, 0, 60_000),
  /** Audio per upload to the OpenAI-compatible endpoint; at most 13 minutes (25 MB of 16 kHz WAV). */
  TRANSCRIPTION_CHUNK_SECONDS: int(600, 5, MAX_OPENAI_CHUNK_SECONDS),
  POCKETSPHINX_BINARY: z.string().min(1).default(DEFAULT_POCKETSPHINX_SETTINGS.binary),
  POCKETSPHINX_MODEL_DIR: z.string().min(1).default(DEFAULT_POCKETSPHINX_SETTINGS.modelDir),
  /** Audio per pocketsphinx run: the list's progress moves after each. */
  POCKETSPHINX_CHUNK_SECONDS: int(DEFAULT_POCKETSPHINX_SETTINGS.chunkSeconds, 5, 3_600),
  /** Where recordings are converted (about 115 MB of WAV an hour of audio); the system's temp dir when unset. */
  TRANSCRIPTION_TMP_DIR: z.string().min(1).optional(),
})
export type TranscriptionEnv = z.infer<typeof ZTranscriptionEnv>

/** Picks the recogniser the settings choose (see ZTranscriptionEnv); takes raw or parsed env. */
export function selectTranscriptionProvider(source: Record<string, unknown> = process.env): TranscriptionProvider {
  const env = ZTranscriptionEnv.parse(source)
  const pocketsphinx = {
    binary: env.POCKETSPHINX_BINARY,
    modelDir: env.POCKETSPHINX_MODEL_DIR,
    chunkSeconds: env.POCKETSPHINX_CHUNK_SECONDS,
    tmpDir: env.TRANSCRIPTION_TMP_DIR,
  }
  const openAiConfigured = Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL)
  switch (env.TRANSCRIPTION_PROVIDER) {
    case 'none':
      return noTranscriptionProvider('Transcription is turned off (TRANSCRIPTION_PROVIDER=none).')
    case 'pocketsphinx':
      // Chosen explicitly: it says itself why it cannot run, under its own name.
      return createPocketsphinxProvider(pocketsphinx)
    case 'openai':
      if (!openAiConfigured)
        return noTranscriptionProvider('TRANSCRIPTION_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL of a server that needs none).')
      return openAiProvider(env)
    case 'auto': {
      if (openAiConfigured) return openAiProvider(env)
      const missing = pocketsphinxMissing(pocketsphinx)
      return missing ? noTranscriptionProvider(`No speech recogniser is available: ${missing}`) : createPocketsphinxProvider(pocketsphinx)
    }
  }
}

const openAiProvider = (env: TranscriptionEnv) =>
  createOpenAiTranscriptionProvider({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.TRANSCRIPTION_MODEL,
    timeoutMs: env.TRANSCRIPTION_TIMEOUT_MS,
    maxAttempts: env.TRANSCRIPTION_MAX_ATTEMPTS,
    retryBaseMs: env.TRANSCRIPTION_RETRY_BASE_MS,
    chunkSeconds: env.TRANSCRIPTION_CHUNK_SECONDS,
    tmpDir: env.TRANSCRIPTION_TMP_DIR,
  })

export function noTranscriptionProvider(reason: string): TranscriptionProvider {
  return {
    info: () => ({ id: 'none', label: 'No transcription', available: false, reason, hint: ACCURATE_TRANSCRIPTS_HINT }),
    transcribe: async () => {
      throw new TranscriptionUnavailableError(reason)
    },
  }
}
