import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * Speaks `text` into a 16 kHz mono WAV with Debian's espeak-ng (installed by the project's
 * scripts with the recognisers): real speech for the recogniser and the browser's fake microphone.
 */
export async function speechWav(text: string, outPath: string, opts: { wordsPerMinute?: number } = {}): Promise<void> {
  await run('espeak-ng', ['-v', 'en-us', '-s', String(opts.wordsPerMinute ?? 150), '-w', `${outPath}.raw.wav`, text])
  await run('ffmpeg', ['-y', '-loglevel', 'error', '-i', `${outPath}.raw.wav`, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', outPath])
  await run('rm', ['-f', `${outPath}.raw.wav`])
}

/** Chromium flags that grant the microphone and feed it `wavPath` (looped) instead of a device. */
export const fakeMicrophoneArgs = (wavPath: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${wavPath}`,
]
