// The meetings service's offline recogniser (pocketsphinx 0.8): its real-time factor (processing
// seconds per second of audio) on a minute of espeak-ng speech, end to end as the transcription
// job runs it: conversion to 16 kHz WAV, chunking, recognition, stitching. Measured in process:
// the recogniser is a child process either way. Below 1 it keeps up with recordings.
// `npx tsx scripts/bench/transcription.ts` runs it alone; scripts/bench.ts may call benchTranscription().
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeSpeechWav } from '../../libs/testing/src/speech.js'
import { probeDurationMs } from '../../services/meetings/src/transcription/audio.js'
import { createPocketsphinxProvider, DEFAULT_POCKETSPHINX_SETTINGS } from '../../services/meetings/src/transcription/pocketsphinx.js'

const AUDIO_SECONDS = 60
const RUNS = 3
const SPEECH =
  'Sarah will send the permit by Friday. The kitchen cabinets arrive next week. We need to order more tiles for the bathroom. ' +
  'Mike will call the plumber on Monday about the water heater. The client wants the deck finished before the end of the month. '

/** A minute of speech: the text spoken, looped and cut at exactly AUDIO_SECONDS. */
async function minuteOfSpeech(dir: string): Promise<string> {
  const once = join(dir, 'once.wav')
  const minute = join(dir, 'minute.wav')
  await makeSpeechWav(SPEECH, once)
  const r = spawnSync('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    once,
    '-t',
    String(AUDIO_SECONDS),
    '-c:a',
    'pcm_s16le',
    minute,
  ])
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr}`)
  return minute
}

export async function benchTranscription(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-transcription-'))
  try {
    const audio = await minuteOfSpeech(dir)
    const seconds = (await probeDurationMs(audio)) / 1000
    console.log(`\nOffline transcription (pocketsphinx, ${seconds.toFixed(1)} s of espeak-ng speech; ${RUNS} runs each)`)
    for (const chunkSeconds of [DEFAULT_POCKETSPHINX_SETTINGS.chunkSeconds, 20]) {
      const recogniser = createPocketsphinxProvider({ ...DEFAULT_POCKETSPHINX_SETTINGS, chunkSeconds })
      const factors: number[] = []
      let words = 0
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now()
        const transcript = await recogniser.transcribe(audio)
        factors.push((performance.now() - started) / 1000 / seconds)
        words = transcript.text.split(/\s+/).filter(Boolean).length
      }
      const sorted = factors.sort((a, b) => a - b)
      const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
      console.log(
        `  ${`${chunkSeconds} s chunks`.padEnd(24)} real-time factor ${median.toFixed(3)} (median; best ${sorted[0]?.toFixed(3)}), ${words} words, ` +
          `an hour of audio in about ${Math.round(median * 60)} min`,
      )
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTranscription()
