import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { TranscriptSegment } from '@plumbline/contracts'
import { findExecutable, forEachChunk, runTool } from './audio.js'
import type { Transcript, TranscriptionProvider, TranscriptionProviderInfo } from './provider.js'
import { TranscriptionUnavailableError } from './provider.js'

/**
 * The embedded offline default: Debian's pocketsphinx 0.8 (`pocketsphinx_continuous`) with its
 * `pocketsphinx-en-us` model. It needs no account and no network and is honest about being
 * basic: US English only, and far less accurate than a whisper model.
 */
export type PocketsphinxSettings = {
  /** The 0.8 command-line recogniser; a name on PATH or a path. */
  binary: string
  /** Holds `en-us/` (the acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict`, as Debian installs them. */
  modelDir: string
  /** Audio per recogniser run: progress is reported after each. */
  chunkSeconds: number
  /** Parent of the temporary directory for converted audio; the system's when unset. */
  tmpDir?: string
}

export const DEFAULT_POCKETSPHINX_SETTINGS: PocketsphinxSettings = {
  binary: 'pocketsphinx_continuous',
  modelDir: '/usr/share/pocketsphinx/model/en-us',
  chunkSeconds: 120,
}

export const POCKETSPHINX_LABEL = 'Basic offline recogniser (pocketsphinx)'
export const ACCURATE_TRANSCRIPTS_HINT =
  'For accurate transcripts set OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (a self-hosted whisper server), and TRANSCRIPTION_MODEL if not whisper-1.'
const INSTALL_LINE = 'apt-get install pocketsphinx pocketsphinx-en-us ffmpeg'

const modelFiles = (modelDir: string) => ({
  hmm: join(modelDir, 'en-us'),
  lm: join(modelDir, 'en-us.lm.bin'),
  dict: join(modelDir, 'cmudict-en-us.dict'),
})

/** Why the recogniser cannot run here, or null when it can. */
export function pocketsphinxMissing(settings: PocketsphinxSettings): string | null {
  if (!findExecutable(settings.binary)) return `pocketsphinx is not installed (${settings.binary} not found; ${INSTALL_LINE}).`
  const missing = Object.values(modelFiles(settings.modelDir)).filter((p) => !existsSync(p))
  if (missing.length) return `The pocketsphinx English model is missing (${missing.join(', ')}; ${INSTALL_LINE}).`
  if (!findExecutable('ffmpeg') || !findExecutable('ffprobe')) return `ffmpeg is not installed (needed to read recordings; ${INSTALL_LINE}).`
  return null
}

/** One word line of `-time yes` output: `word start end confidence`, times in seconds. */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i
/** Sentence marks, silence and the model's noise fillers ([NOISE], ++BREATH++) are no words. */
const NOT_A_WORD = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/i

/**
 * Turns `pocketsphinx_continuous -time yes` output into one segment per utterance (the
 * recogniser splits at pauses), timed by its first and last word, offset by `offsetMs`. The
 * hypothesis lines between the word lists repeat the words and are skipped; `word(2)` names a
 * pronunciation variant of `word`.
 */
export function parsePocketsphinxOutput(stdout: string, offsetMs = 0): TranscriptSegment[] {
  const segments: TranscriptSegment[] = []
  let words: { word: string; startMs: number; endMs: number }[] = []
  const closeUtterance = () => {
    const first = words[0]
    const last = words[words.length - 1]
    if (first && last) {
      segments.push({ startMs: offsetMs + first.startMs, endMs: offsetMs + last.endMs, text: words.map((w) => w.word).join(' '), speaker: null })
    }
    words = []
  }
  for (const line of stdout.split('\n')) {
    const m = WORD_LINE.exec(line.trim())
    if (!m) continue
    const [, token, start, end] = m as unknown as [string, string, string, string]
    if (token === '<s>' || token === '</s>') {
      closeUtterance()
      continue
    }
    if (NOT_A_WORD.test(token)) continue
    words.push({ word: token.replace(/\(\d+\)$/, ''), startMs: Math.round(Number(start) * 1000), endMs: Math.round(Number(end) * 1000) })
  }
  closeUtterance()
  return segments
}

export function createPocketsphinxProvider(settings: PocketsphinxSettings = DEFAULT_POCKETSPHINX_SETTINGS): TranscriptionProvider {
  const missing = pocketsphinxMissing(settings)
  const info: TranscriptionProviderInfo = {
    id: 'pocketsphinx',
    label: POCKETSPHINX_LABEL,
    available: missing === null,
    ...(missing ? { reason: missing } : {}),
    hint: ACCURATE_TRANSCRIPTS_HINT,
  }
  const model = modelFiles(settings.modelDir)

  return {
    info: () => info,
    async transcribe(audioPath, options = {}): Promise<Transcript> {
      if (missing) throw new TranscriptionUnavailableError(missing)
      const { signal } = options
      const perChunk = await forEachChunk(
        audioPath,
        { chunkSeconds: settings.chunkSeconds, tmpDir: settings.tmpDir, signal },
        async (chunkPath, chunk, chunks) => {
          const { stdout } = await runTool(
            settings.binary,
            ['-infile', chunkPath, '-time', 'yes', '-logfn', '/dev/null', '-hmm', model.hmm, '-lm', model.lm, '-dict', model.dict],
            signal,
          )
          options.onProgress?.((chunk.index + 1) / chunks.length)
          return parsePocketsphinxOutput(stdout, chunk.startMs)
        },
      )
      const segments = perChunk.flat()
      return { text: segments.map((s) => s.text).join(' '), segments, language: 'en' }
    },
  }
}
