// The meetings service's offline recogniser and the tests' speech: Debian's pocketsphinx with its
// US English model, ffmpeg (any recording to the 16 kHz WAV pocketsphinx reads) and espeak-ng (the
// spoken test audio and the browser journey's fake microphone), installed the way Chromium is.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_POCKETSPHINX_SETTINGS } from '../../services/meetings/src/transcription/pocketsphinx.js'
import { ensureDebianPackages, onPath } from './apt.js'

export const SPEECH_PACKAGES = ['pocketsphinx', 'pocketsphinx-en-us', 'ffmpeg', 'espeak-ng']

export const speechToolsPresent = () =>
  onPath(DEFAULT_POCKETSPHINX_SETTINGS.binary) &&
  existsSync(join(DEFAULT_POCKETSPHINX_SETTINGS.modelDir, 'en-us.lm.bin')) &&
  onPath('ffmpeg') &&
  onPath('ffprobe') &&
  onPath('espeak-ng')

/**
 * Installs the speech tools when missing. `required` (the tests) stops with the install line when
 * that is not possible; otherwise (`npm start`) the meetings service runs without them and says
 * transcription is unavailable, so a line here names what to install.
 */
export function ensureSpeechTools(log: (m: string) => void = console.log, { required = true } = {}): void {
  if (speechToolsPresent()) return
  if (!required && (process.getuid?.() !== 0 || !onPath('apt-get'))) {
    log(`Speech tools missing: meetings will not be transcribed offline (sudo apt-get install -y ${SPEECH_PACKAGES.join(' ')}, or set OPENAI_API_KEY)`)
    return
  }
  ensureDebianPackages({
    what: 'the offline speech recogniser and its tools (pocketsphinx, ffmpeg, espeak-ng)',
    packages: SPEECH_PACKAGES,
    present: speechToolsPresent,
    otherwise: 'On another OS: install pocketsphinx 0.8 (pocketsphinx_continuous) with its en-us model, ffmpeg and espeak-ng.',
    log,
  })
}
