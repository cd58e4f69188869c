import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeSpeechWav, makeSpeechWebm, repeatWav } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AudioFormatError, probeDurationMs } from '../../src/transcription/audio.js'
import { createPocketsphinxProvider, DEFAULT_POCKETSPHINX_SETTINGS, POCKETSPHINX_LABEL, parsePocketsphinxOutput } from '../../src/transcription/pocketsphinx.js'
import { TranscriptionUnavailableError } from '../../src/transcription/provider.js'

const SENTENCE = 'Sarah will send the permit by Friday. The kitchen cabinets arrive next week. We need to order more tiles for the bathroom.'
/** Words of SENTENCE that pocketsphinx hears in espeak-ng's voice; the test wants most, not all. */
const EXPECTED = ['will', 'send', 'kitchen', 'cabinets', 'next', 'week', 'need', 'order', 'more', 'bathroom']

let dir: string
let scratch: string
let sentenceWav: string

const recogniser = (chunkSeconds = 120) => createPocketsphinxProvider({ ...DEFAULT_POCKETSPHINX_SETTINGS, chunkSeconds, tmpDir: scratch })
const heard = (text: string) => EXPECTED.filter((w) => text.split(/\s+/).includes(w))

function expectInOrder(segments: { startMs: number; endMs: number }[]) {
  for (const [i, s] of segments.entries()) {
    expect(s.endMs).toBeGreaterThan(s.startMs)
    if (i > 0) expect(s.startMs).toBeGreaterThanOrEqual(segments[i - 1]?.endMs ?? 0)
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pocketsphinx-test-'))
  scratch = join(dir, 'scratch')
  await mkdir(scratch)
  sentenceWav = join(dir, 'sentence.wav')
  await makeSpeechWav(SENTENCE, sentenceWav)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('parsePocketsphinxOutput', () => {
  it('makes one segment per utterance from the word timings, without fillers or variant marks, offset by the chunk start', () => {
    const out = [
      'there that will send',
      '<s> 0.000 0.060 0.998801',
      'there 0.070 0.340 0.449602',
      'that(2) 0.350 0.470 0.180378',
      '<sil> 0.480 0.500 0.9',
      '[NOISE] 0.500 0.600 0.9',
      'send 0.710 1.280 0.771414',
      '</s> 1.290 1.320 1.000000',
      '<s> 3.360 3.380 1.000000',
      '</s> 3.390 3.400 1.000000',
      'next week',
      '<s> 5.000 5.100 1.000000',
      'next 5.300 5.850 0.052338',
      'week 5.860 6.320 0.810808',
      '</s> 6.330 6.850 1.000000',
    ].join('\n')
    expect(parsePocketsphinxOutput(out, 60_000)).toEqual([
      { startMs: 60_070, endMs: 61_280, text: 'there that send', speaker: null },
      { startMs: 65_300, endMs: 66_320, text: 'next week', speaker: null },
    ])
  })
})

// Recognition is real CPU work (ffmpeg and pocketsphinx), and in npm test this lane runs at a lower
// priority beside the browser journeys: the limit guards against a hang, not against a busy machine.
describe('the pocketsphinx recogniser', { timeout: 90_000 }, () => {
  it('says honestly what it is and what to set for accurate transcripts', () => {
    const info = recogniser().info()
    expect(info).toMatchObject({ id: 'pocketsphinx', label: POCKETSPHINX_LABEL, available: true })
    expect(info.hint).toContain('OPENAI_API_KEY')
    expect(info.hint).toContain('TRANSCRIPTION_MODEL')
  })

  it('transcribes a spoken sentence into timed utterances', async () => {
    const progress: number[] = []
    const transcript = await recogniser().transcribe(sentenceWav, { onProgress: (f) => progress.push(f) })
    expect(heard(transcript.text).length).toBeGreaterThanOrEqual(6)
    expect(transcript.segments.length).toBeGreaterThanOrEqual(2)
    expectInOrder(transcript.segments)
    expect(transcript.segments.at(-1)?.endMs).toBeLessThanOrEqual(await probeDurationMs(sentenceWav))
    expect(transcript.language).toBe('en')
    expect(progress).toEqual([1])
    expect(await readdir(scratch)).toEqual([])
  })

  it('reads what a browser uploads (opus in webm)', async () => {
    const webm = join(dir, 'sentence.webm')
    await makeSpeechWebm(SENTENCE, webm)
    const transcript = await recogniser().transcribe(webm)
    expect(heard(transcript.text).length).toBeGreaterThanOrEqual(5)
  })

  it('cuts long audio into chunks and stitches their timestamps in order', async () => {
    // One sentence of about 10.7 s in 6 s chunks: two runs, progress after each. Each run loads
    // the acoustic model again, so two chunks of a short recording rather than many of a long one.
    const long = sentenceWav
    const progress: number[] = []
    const transcript = await recogniser(6).transcribe(long, { onProgress: (f) => progress.push(f) })
    expect(progress).toEqual([0.5, 1])
    expectInOrder(transcript.segments)
    // Heard where it was said: speech in both chunks, the second one's past 6 s.
    for (const from of [0, 6_000]) {
      expect(transcript.segments.some((s) => s.startMs >= from && s.startMs < from + 6_000)).toBe(true)
    }
    expect(transcript.segments.at(-1)?.endMs).toBeLessThanOrEqual(await probeDurationMs(long))
    expect(await readdir(scratch)).toEqual([])
  }, 120_000)

  it('refuses a file that is not audio with a clear error, and leaves no temporary files', async () => {
    const text = join(dir, 'notes.webm')
    await writeFile(text, 'These are meeting notes, not a recording.\n')
    const error = await recogniser()
      .transcribe(text)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AudioFormatError)
    expect((error as Error).message).toMatch(/not audio/)
    expect(await readdir(scratch)).toEqual([])
  })

  it('stops the recogniser when the signal aborts', async () => {
    const long = join(dir, 'long-abort.wav')
    await repeatWav(sentenceWav, 6, long)
    const controller = new AbortController()
    const started = Date.now()
    // Past the conversion, well inside the minute-long recognition.
    setTimeout(() => controller.abort(new Error('cancelled by the user')), 1_000)
    await expect(recogniser(120).transcribe(long, { signal: controller.signal })).rejects.toThrow('cancelled by the user')
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(await readdir(scratch)).toEqual([])
  })

  it('is unavailable, saying why, when its binary is missing', async () => {
    const provider = createPocketsphinxProvider({ ...DEFAULT_POCKETSPHINX_SETTINGS, binary: 'pocketsphinx_not_here' })
    expect(provider.info()).toMatchObject({ available: false, reason: expect.stringContaining('pocketsphinx is not installed') })
    await expect(provider.transcribe(sentenceWav)).rejects.toBeInstanceOf(TranscriptionUnavailableError)
  })

  it('is unavailable, saying why, when its model is missing', () => {
    const provider = createPocketsphinxProvider({ ...DEFAULT_POCKETSPHINX_SETTINGS, modelDir: join(dir, 'no-model') })
    expect(provider.info()).toMatchObject({ available: false, reason: expect.stringContaining('model is missing') })
  })
})
