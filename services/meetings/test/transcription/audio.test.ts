import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MeetingMessages } from '@plumbline/contracts'
import { makeSpeechWav } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AudioFormatError,
  convertToWav16kMono,
  cutChunk,
  planChunks,
  probeDurationMs,
  runTool,
  ToolFailedError,
  withTempDir,
} from '../../src/transcription/audio.js'
import { hostileUploads, spyOnDecoders } from '../support/hostile-audio.js'

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

  it('says a silent video holds no audio; a picture and a text file are not audio', async () => {
    const silentVideo = join(dir, 'silent.webm')
    ffmpeg('-f', 'lavfi', '-i', 'color=c=blue:s=64x64:d=1', '-c:v', 'libvpx', silentVideo)
    await expect(convertToWav16kMono(silentVideo, join(dir, 'w.wav'))).rejects.toThrow(new AudioFormatError('The file holds no audio to transcribe.'))
    const picture = join(dir, 'photo.png')
    ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=32x32:d=1', '-frames:v', '1', picture)
    await expect(convertToWav16kMono(picture, join(dir, 'x.wav'))).rejects.toBeInstanceOf(AudioFormatError)
    const text = join(dir, 'notes.mp3')
    await writeFile(text, 'Minutes of the site meeting')
    await expect(convertToWav16kMono(text, join(dir, 'y.wav'))).rejects.toBeInstanceOf(AudioFormatError)
    expect(existsSync(join(dir, 'w.wav')) || existsSync(join(dir, 'x.wav')) || existsSync(join(dir, 'y.wav'))).toBe(false)
  })

  describe('files that name other files', () => {
    // A server-local recording such a file could point at: speech as AAC in MPEG-TS (an HLS segment).
    let planted: string
    beforeAll(() => {
      planted = join(dir, 'planted.ts')
      ffmpeg('-i', speech, '-c:a', 'aac', '-f', 'mpegts', planted)
    })

    it.each(Object.keys(hostileUploads('/x')))('refuses %s before ffmpeg or ffprobe runs', async (name) => {
      const input = join(dir, 'rec.mp3')
      await writeFile(input, hostileUploads(planted)[name]!)
      const spy = await spyOnDecoders()
      try {
        const output = join(dir, 'hostile.wav')
        await expect(convertToWav16kMono(input, output)).rejects.toBeInstanceOf(AudioFormatError)
        expect(existsSync(output)).toBe(false)
        expect(await spy.runs()).toEqual([])
      } finally {
        await spy.restore()
      }
    })

    it('names a playlist as such', async () => {
      const input = join(dir, 'list.mp3')
      await writeFile(input, hostileUploads(planted)['a polyglot (ID3 header, then an HLS playlist)']!)
      await expect(convertToWav16kMono(input, join(dir, 'list.wav'))).rejects.toThrow(new AudioFormatError(MeetingMessages.playlist))
    })

    it('pins what ffmpeg reads: the detected container, local files only, bounded in audio time and output size', async () => {
      const input = join(dir, 'pinned.mp3')
      ffmpeg('-i', speech, '-c:a', 'libmp3lame', input)
      const spy = await spyOnDecoders()
      try {
        await convertToWav16kMono(input, join(dir, 'pinned.wav'))
        const runs = await spy.runs()
        expect(runs.length).toBe(2)
        for (const run of runs) expect(run).toContain(`-protocol_whitelist file -f mp3 -i file:${input}`)
        expect(runs[1]).toMatch(/^ffmpeg .*-t 28800 .*-fs \d+ /)
      } finally {
        await spy.restore()
      }
    })
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

  it('kills a child past its time limit and says so', async () => {
    const started = Date.now()
    await expect(runTool('sleep', ['10'], undefined, 100)).rejects.toThrow(new ToolFailedError('sleep', null, 'SIGKILL', 'timed out after 100 ms'))
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
