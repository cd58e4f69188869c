import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

/**
 * Audio plumbing shared by the recognisers, all through ffmpeg child processes so that memory
 * stays flat whatever the recording's length: any input becomes 16 kHz mono 16-bit WAV (what
 * pocketsphinx needs, and what every whisper server accepts), which is then cut into chunks with
 * their start offsets so each fits a provider's limit and reports progress.
 */

/** 16 kHz × 16 bit × 1 channel: bytes of WAV per second of audio. */
export const WAV_BYTES_PER_SECOND = 32_000

/** The input is not audio ffmpeg can read (or holds no audio stream): retrying will not help. */
export class AudioFormatError extends Error {
  override name = 'AudioFormatError'
}

export type AudioChunk = { index: number; startMs: number; durationMs: number }

/** Whether an executable of this name is on PATH (or is an existing path itself). */
export function findExecutable(name: string, path = process.env.PATH ?? ''): string | null {
  if (name.includes('/')) return existsSync(name) ? name : null
  for (const dir of path.split(delimiter)) {
    const candidate = join(dir, name)
    if (dir && existsSync(candidate)) return candidate
  }
  return null
}

export type RunResult = { stdout: string; stderr: string }

/** Keeps the last bytes of a child's stderr: enough to explain a failure, bounded whatever it prints. */
const STDERR_TAIL = 4_000

/**
 * Runs a tool to completion; rejects with its stderr when it exits non-zero, and kills it (the
 * rejection is the signal's reason) when the signal aborts.
 */
export function runTool(command: string, args: string[], signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c))
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-STDERR_TAIL)))
    const onAbort = () => child.kill('SIGKILL')
    signal?.addEventListener('abort', onAbort, { once: true })
    child.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort)
      reject(err)
    })
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort)
      if (signal?.aborted) return reject(signal.reason)
      if (code === 0) return resolve({ stdout, stderr })
      reject(new ToolFailedError(command, code, killedBy, stderr))
    })
  })
}

export class ToolFailedError extends Error {
  override name = 'ToolFailedError'
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly killedBy: NodeJS.Signals | null,
    readonly stderr: string,
  ) {
    super(`${command} failed (${killedBy ? `killed by ${killedBy}` : `exit ${exitCode}`}): ${stderr.trim().split('\n').slice(-3).join(' | ') || 'no message'}`)
  }
}

const FFMPEG_QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y']

/**
 * Refuses, with a message for the user, a file that is not media ffprobe can read or that holds
 * no audio stream; a missing file throws as itself (ENOENT).
 */
export async function assertAudio(inputPath: string, signal?: AbortSignal): Promise<void> {
  await stat(inputPath)
  const streams = await runTool('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', inputPath], signal).catch((err: unknown) => {
    if (err instanceof ToolFailedError) throw new AudioFormatError('The file is not audio that can be transcribed (expected webm, ogg, wav, mp3 or m4a).')
    throw err
  })
  if (!streams.stdout.split('\n').some((line) => line.trim() === 'audio')) throw new AudioFormatError('The file holds no audio to transcribe.')
}

/**
 * Converts any audio ffmpeg reads (webm/opus, ogg, wav, mp3, m4a, …) to 16 kHz mono 16-bit WAV,
 * after assertAudio. Video streams are dropped, so a video call's recording works too.
 */
export async function convertToWav16kMono(inputPath: string, outputPath: string, signal?: AbortSignal): Promise<void> {
  await assertAudio(inputPath, signal)
  await runTool(
    'ffmpeg',
    [...FFMPEG_QUIET, '-i', inputPath, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', outputPath],
    signal,
  )
}

/**
 * Duration of a media file in milliseconds, as ffprobe reads it from the container. Recordings
 * straight from a browser's MediaRecorder (webm) often have none in their header: probe the
 * converted WAV, whose header ffmpeg writes exactly.
 */
export async function probeDurationMs(path: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await runTool('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path], signal)
  const seconds = Number.parseFloat(stdout.trim())
  if (!Number.isFinite(seconds)) throw new AudioFormatError(`The audio's duration cannot be read (ffprobe said "${stdout.trim()}")`)
  return Math.round(seconds * 1000)
}

/** Cuts [0, durationMs) into consecutive pieces of at most chunkSeconds; the last one takes the rest. */
export function planChunks(durationMs: number, chunkSeconds: number): AudioChunk[] {
  if (!(chunkSeconds > 0)) throw new RangeError(`chunkSeconds must be positive, got ${chunkSeconds}`)
  const chunkMs = Math.round(chunkSeconds * 1000)
  const chunks: AudioChunk[] = []
  for (let startMs = 0, index = 0; startMs < durationMs; startMs += chunkMs, index++) {
    chunks.push({ index, startMs, durationMs: Math.min(chunkMs, durationMs - startMs) })
  }
  return chunks
}

/** Writes one chunk of a 16 kHz WAV as its own WAV file (sample-exact: PCM needs no keyframes). */
export async function cutChunk(wavPath: string, chunk: AudioChunk, outputPath: string, signal?: AbortSignal): Promise<void> {
  await runTool(
    'ffmpeg',
    [
      ...FFMPEG_QUIET,
      '-ss',
      (chunk.startMs / 1000).toFixed(3),
      '-t',
      (chunk.durationMs / 1000).toFixed(3),
      '-i',
      wavPath,
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      outputPath,
    ],
    signal,
  )
}

/**
 * Runs `work` with a fresh temporary directory under `parent` (the system's by default) that is
 * removed afterwards, whatever happens.
 */
export async function withTempDir<T>(work: (dir: string) => Promise<T>, parent = tmpdir()): Promise<T> {
  const dir = await mkdtemp(join(parent, 'plumbline-transcription-'))
  try {
    return await work(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export type ChunkVisitor<T> = (chunkPath: string, chunk: AudioChunk, chunks: readonly AudioChunk[]) => Promise<T>

export type ChunkingOptions = {
  chunkSeconds: number
  /** Where the converted WAV and the chunk being worked on live (a WAV takes 115 MB an hour). */
  tmpDir?: string
  signal?: AbortSignal
}

/**
 * The whole pipeline the providers share: convert, plan, then cut and visit one chunk at a time
 * (so at most one chunk's file exists beside the WAV). Answers each visit's result in order.
 */
export async function forEachChunk<T>(audioPath: string, options: ChunkingOptions, visit: ChunkVisitor<T>): Promise<T[]> {
  const { chunkSeconds, tmpDir, signal } = options
  return withTempDir(async (dir) => {
    const wavPath = join(dir, 'audio.wav')
    await convertToWav16kMono(audioPath, wavPath, signal)
    const chunks = planChunks(await probeDurationMs(wavPath, signal), chunkSeconds)
    const results: T[] = []
    for (const chunk of chunks) {
      const chunkPath = join(dir, `chunk-${chunk.index}.wav`)
      // One chunk covering everything is the WAV itself: no copy.
      if (chunks.length > 1) await cutChunk(wavPath, chunk, chunkPath, signal)
      results.push(await visit(chunks.length > 1 ? chunkPath : wavPath, chunk, chunks))
      if (chunks.length > 1) await rm(chunkPath, { force: true })
    }
    return results
  }, tmpDir)
}
