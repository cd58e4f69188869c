import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findExecutable } from '../../src/transcription/audio.js'

/** An ID3v2.4 tag header announcing `bodyBytes` of tag body (syncsafe size), then that many zero bytes. */
export function id3Tag(bodyBytes = 0): Buffer {
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, (bodyBytes >> 21) & 0x7f, (bodyBytes >> 14) & 0x7f, (bodyBytes >> 7) & 0x7f, bodyBytes & 0x7f])
  return Buffer.concat([header, Buffer.alloc(bodyBytes)])
}

const hls = (target: string) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:7.0,\nfile://${target}\n#EXT-X-ENDLIST\n`

/**
 * Files that ffmpeg, left to guess, reads as lists of other files: each names `target` (a media
 * file on the server). The probe's own request was the "polyglot": an ID3 header and then an HLS
 * playlist, uploaded as rec.mp3.
 */
export const hostileUploads = (target: string): Record<string, Buffer> => ({
  'an M3U playlist': Buffer.from(`#EXTM3U\n#EXTINF:7,Site walk\n${target}\n`),
  'an HLS manifest': Buffer.from(hls(target)),
  'an ffconcat list': Buffer.from(`ffconcat version 1.0\nfile '${target}'\n`),
  'a concat list': Buffer.from(`file '${target}'\nfile '${target}'\n`),
  'a polyglot (ID3 header, then an HLS playlist)': Buffer.concat([id3Tag(0), Buffer.from(hls(target))]),
  'a polyglot whose ID3 tag runs past the first 4 KB': Buffer.concat([id3Tag(8_000), Buffer.from(hls(target))]),
})

/**
 * Puts `ffmpeg` and `ffprobe` wrappers first on PATH that log each run, then run the real tool:
 * `runs()` lists the commands started since; `restore()` puts PATH back.
 */
export async function spyOnDecoders(): Promise<{ runs(): Promise<string[]>; restore(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'decoder-spy-'))
  const log = join(dir, 'runs.log')
  await writeFile(log, '')
  for (const tool of ['ffmpeg', 'ffprobe']) {
    const real = findExecutable(tool)
    if (!real) throw new Error(`${tool} is not installed`)
    await writeFile(join(dir, tool), `#!/bin/sh\necho "${tool} $*" >> '${log}'\nexec '${real}' "$@"\n`, { mode: 0o755 })
  }
  const before = process.env.PATH
  process.env.PATH = `${dir}:${before ?? ''}`
  return {
    runs: async () => (await readFile(log, 'utf8')).split('\n').filter(Boolean),
    restore: async () => {
      process.env.PATH = before
      await rm(dir, { recursive: true, force: true })
    },
  }
}
