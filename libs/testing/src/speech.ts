import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Spoken test audio made on the spot with espeak-ng (Debian `espeak-ng`), so tests and the
 * browser journey hear real speech without stored recordings. The voice and pace are the ones
 * pocketsphinx's US English model understands best of espeak's (tried: en, en-us, +m1, +m3,
 * +f2..f4 at 110–150 words a minute): a slow female US voice.
 */
const VOICE = ['-v', 'en-us+f2', '-s', '120']

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr.trim()}`))))
  })
}

async function speak<T>(text: string, work: (rawWav: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'speech-fixture-'))
  try {
    // Through a file, not argv: text starting with "-" must not read as an option.
    await writeFile(join(dir, 'text.txt'), text)
    await run('espeak-ng', [...VOICE, '-f', join(dir, 'text.txt'), '-w', join(dir, 'raw.wav')])
    return await work(join(dir, 'raw.wav'))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const ffmpeg = (args: string[]) => run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args])

/** `text` spoken, as 16 kHz mono 16-bit WAV (what a recogniser is fed, and what Chromium's fake microphone plays). */
export async function makeSpeechWav(text: string, outPath: string): Promise<void> {
  await speak(text, (raw) => ffmpeg(['-i', raw, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', outPath]))
}

/** `text` spoken, as opus in webm: what a browser's MediaRecorder uploads. */
export async function makeSpeechWebm(text: string, outPath: string): Promise<void> {
  await speak(text, (raw) => ffmpeg(['-i', raw, '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', outPath]))
}

/** `times` copies of a WAV one after the other: long audio from a short sentence. */
export async function repeatWav(inPath: string, times: number, outPath: string): Promise<void> {
  await ffmpeg(['-stream_loop', String(times - 1), '-i', inPath, '-c:a', 'pcm_s16le', outPath])
}

/** Chromium flags that grant the microphone and feed it `wavPath` (looped) instead of a device. */
export const fakeMicrophoneArgs = (wavPath: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${wavPath}`,
]
