import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeSpeechWav } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AudioFormatError, convertToWav16kMono, cutChunk, planChunks, probeDurationMs, runTool, withTempDir } from '../../src/transcription/audio.js'

let dir: string
let speech: string

const ffmpeg = (...args: string[]) => {
  const r = spawnSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args])
  if (r.status !== 0) throw new Error(r.stderr.toString())
}
const streamOf = (path: string) =>
  spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels', '-of', 'csv=p=0', path]).stdout.toString().trim()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audio-test-'))
  speech = join(dir, 'speech.wav')
  await makeSpeechWav('The kitchen cabinets arrive next week.', speech)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('convertToWav16kMono', () => {
  it.each([
    ['webm', ['-c:a', 'libopus']],
    ['ogg', ['-c:a', 'libopus']],
    ['mp3', ['-c:a', 'libmp3lame']],
    ['m4a', ['-c:a', 'aac']],
    ['wav', ['-ar', '44100', '-ac', '2']],
  ])('reads %s into 16 kHz mono 16-bit WAV of the same length', async (ext, codec) => {
    const input = join(dir, `input.${ext}`)
    ffmpeg('-i', speech, ...codec, input)
    const output = join(dir, `from-${ext}.wav`)
    await convertToWav16kMono(input, output)
    expect(streamOf(output)).toBe('pcm_s16le,16000,1')
    expect(Math.abs((await probeDurationMs(output)) - (await probeDurationMs(speech)))).toBeLessThan(100)
  })

  it('keeps the sound of a video and drops the picture', async () => {
    const video = join(dir, 'call.webm')
    ffmpeg('-f', 'lavfi', '-i', 'color=c=blue:s=64x64:d=2', '-i', speech, '-shortest', '-c:v', 'libvpx', '-c:a', 'libopus', video)
    const output = join(dir, 'from-video.wav')
    await convertToWav16kMono(video, output)
    expect(streamOf(output)).toBe('pcm_s16le,16000,1')
  })

  it('says a picture holds no audio, and a text file is not audio', async () => {
    const picture = join(dir, 'photo.png')
    ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=1', '-frames:v', '1', picture)
    await expect(convertToWav16kMono(picture, join(dir, 'x.wav'))).rejects.toThrow(new AudioFormatError('The file holds no audio to transcribe.'))
    const text = join(dir, 'notes.mp3')
    await writeFile(text, 'Minutes of the site meeting')
    await expect(convertToWav16kMono(text, join(dir, 'y.wav'))).rejects.toBeInstanceOf(AudioFormatError)
    expect(existsSync(join(dir, 'x.wav')) || existsSync(join(dir, 'y.wav'))).toBe(false)
  })

  it('lets a missing file fail as itself', async () => {
    await expect(convertToWav16kMono(join(dir, 'gone.webm'), join(dir, 'z.wav'))).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('chunks', () => {
  it('plans consecutive chunks covering the audio, the last one taking the rest', () => {
    expect(planChunks(25_500, 10)).toEqual([
      { index: 0, startMs: 0, durationMs: 10_000 },
      { index: 1, startMs: 10_000, durationMs: 10_000 },
      { index: 2, startMs: 20_000, durationMs: 5_500 },
    ])
    expect(planChunks(0, 10)).toEqual([])
    expect(() => planChunks(1_000, 0)).toThrow(RangeError)
  })

  it('cuts a chunk of exactly the planned length', async () => {
    const out = join(dir, 'chunk.wav')
    await cutChunk(speech, { index: 1, startMs: 1_000, durationMs: 1_500 }, out)
    expect(await probeDurationMs(out)).toBe(1_500)
  })
})

describe('child processes and temporary files', () => {
  it('kills the child when the signal aborts', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('stop')), 100)
    const started = Date.now()
    await expect(runTool('sleep', ['10'], controller.signal)).rejects.toThrow('stop')
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('reports a failing tool with the end of what it printed', async () => {
    await expect(runTool('sh', ['-c', 'echo first >&2; echo "the real reason" >&2; exit 3'])).rejects.toThrow(/exit 3.*the real reason/)
  })

  it('removes the temporary directory when the work throws', async () => {
    let seen = ''
    await expect(
      withTempDir(async (tmp) => {
        seen = tmp
        await writeFile(join(tmp, 'audio.wav'), 'x')
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(existsSync(seen)).toBe(false)
  })
})
