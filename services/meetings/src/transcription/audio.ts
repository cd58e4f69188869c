import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { MeetingMessages } from '@plumbline/contracts'
import { type AudioDemuxer, type AudioType, sniffAudio } from '../domain/sniff-audio.js'

/**
 * Audio plumbing shared by the recognisers, all through ffmpeg child processes so that memory
 * stays flat whatever the recording's length: any input becomes 16 kHz mono 16-bit WAV (what
 * pocketsphinx needs, and what every whisper server accepts), which is then cut into chunks with
 * their start offsets so each fits a provider's limit and reports progress.
 *
 * ffmpeg never guesses what it reads: the container is detected from the bytes first (a playlist,
 * a concat list or a polyglot is refused before any decoder starts), then pinned with `-f`, with
 * local files as the only protocol, and every run is bounded in audio time, output size and wall
 * time.
 */

/** 16 kHz × 16 bit × 1 channel: bytes of WAV per second of audio. */
export const WAV_BYTES_PER_SECOND = 32_000

/** Bounds of every decode: the audio read, the WAV written, and each tool's wall time. */
export const DECODE_LIMITS = {
  /** A recording is transcribed up to its first eight hours. */
  maxSeconds: 8 * 3600,
  probeTimeoutMs: 60_000,
  convertTimeoutMs: 30 * 60_000,
  cutTimeoutMs: 2 * 60_000,
}

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
 * rejection is the signal's reason) when the signal aborts. Past `timeoutMs` it is killed and
 * fails as a ToolFailedError that says so.
 */
export function runTool(command: string, args: string[], signal?: AbortSignal, timeoutMs?: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let timedOut = false
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c))
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-STDERR_TAIL)))
    const onAbort = () => child.kill('SIGKILL')
    signal?.addEventListener('abort', onAbort, { once: true })
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true
          child.kill('SIGKILL')
        }, timeoutMs)
      : undefined
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    child.on('error', (err) => {
      done()
      reject(err)
    })
    child.on('close', (code, killedBy) => {
      done()
      if (signal?.aborted) return reject(signal.reason)
      if (code === 0 && !timedOut) return resolve({ stdout, stderr })
      reject(new ToolFailedError(command, code, killedBy, timedOut ? `timed out after ${timeoutMs} ms` : stderr))
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
 * How ffmpeg and ffprobe open an input: as the container it was detected as (`-f`, so no probing
 * into playlists or lists), from a local file by path (`file:`, so no other protocol is parsed
 * from the name), with the file protocol alone allowed (nothing a container names is fetched).
 */
const inputArgs = (path: string, demuxer: AudioDemuxer | 'wav') => ['-protocol_whitelist', 'file', '-f', demuxer, '-i', `file:${path}`]

/**
 * The recording's container from its bytes, before any tool reads it: a playlist, a file list, a
 * polyglot or anything but the supported audio containers is an AudioFormatError; a missing file
 * throws as itself (ENOENT).
 */
export async function detectAudioFile(path: string): Promise<AudioType> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    const sniffed = await sniffAudio({
      size,
      async read(start, length) {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - start)))
        const { bytesRead } = await file.read(buffer, 0, buffer.length, start)
        return buffer.subarray(0, bytesRead)
      },
    })
    if (sniffed.kind === 'audio') return sniffed.type
    throw new AudioFormatError(sniffed.kind === 'refused' && sniffed.reason === 'playlist' ? MeetingMessages.playlist : NOT_AUDIO)
  } finally {
    await file.close()
  }
}

const NOT_AUDIO = 'The file is not audio that can be transcribed (expected webm, ogg, wav, mp3 or m4a).'

/**
 * Refuses, with a message for the user, a file that is not media ffprobe can read as its detected
 * container or that holds no audio stream.
 */
async function assertAudio(inputPath: string, demuxer: AudioDemuxer, signal?: AbortSignal): Promise<void> {
  const streams = await runTool(
    'ffprobe',
    ['-v', 'error', ...inputArgs(inputPath, demuxer), '-show_entries', 'stream=codec_type', '-of', 'csv=p=0'],
    signal,
    DECODE_LIMITS.probeTimeoutMs,
  ).catch((err: unknown) => {
    if (err instanceof ToolFailedError) throw new AudioFormatError(NOT_AUDIO)
    throw err
  })
  if (!streams.stdout.split('\n').some((line) => line.trim() === 'audio')) throw new AudioFormatError('The file holds no audio to transcribe.')
}

/**
 * Converts a recording (webm/opus, ogg, wav, mp3, m4a) to 16 kHz mono 16-bit WAV: detected,
 * then probed and decoded as that container only, at most DECODE_LIMITS.maxSeconds of it. Video
 * streams are dropped, so a video call's recording works too.
 */
export async function convertToWav16kMono(inputPath: string, outputPath: string, signal?: AbortSignal): Promise<void> {
  const { demuxer } = await detectAudioFile(inputPath)
  await assertAudio(inputPath, demuxer, signal)
  const maxWavBytes = 1024 + DECODE_LIMITS.maxSeconds * WAV_BYTES_PER_SECOND
  await runTool(
    'ffmpeg',
    [
      ...FFMPEG_QUIET,
      '-t',
      String(DECODE_LIMITS.maxSeconds),
      ...inputArgs(inputPath, demuxer),
      '-map',
      '0:a:0',
      '-vn',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      '-fs',
      String(maxWavBytes),
      '-f',
      'wav',
      outputPath,
    ],
    signal,
    DECODE_LIMITS.convertTimeoutMs,
  )
}

/**
 * Duration of a 16 kHz WAV this module wrote, in milliseconds. Recordings straight from a
 * browser's MediaRecorder (webm) often have none in their header, so the converted WAV (whose
 * header ffmpeg writes exactly) is what is measured.
 */
export async function probeDurationMs(wavPath: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await runTool(
    'ffprobe',
    ['-v', 'error', ...inputArgs(wavPath, 'wav'), '-show_entries', 'format=duration', '-of', 'csv=p=0'],
    signal,
    DECODE_LIMITS.probeTimeoutMs,
  )
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
      ...inputArgs(wavPath, 'wav'),
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      outputPath,
    ],
    signal,
    DECODE_LIMITS.cutTimeoutMs,
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
