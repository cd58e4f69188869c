import { fileTypeFromBuffer } from 'file-type'

/** Bytes enough for file-type to tell the supported containers apart (its own sample size). */
export const SNIFF_BYTES = 4100

/**
 * The ffmpeg demuxer a recording is read with, pinned on the command line: what the bytes were
 * detected as, never ffmpeg's own guess (which follows playlists and file lists).
 */
export type AudioDemuxer = 'matroska' | 'ogg' | 'wav' | 'mp3' | 'mov'

export type AudioType = { contentType: string; extension: string; demuxer: AudioDemuxer }

const WEBM: AudioType = { contentType: 'audio/webm', extension: 'webm', demuxer: 'matroska' }
const OGG: AudioType = { contentType: 'audio/ogg', extension: 'ogg', demuxer: 'ogg' }
const MP4: AudioType = { contentType: 'audio/mp4', extension: 'm4a', demuxer: 'mov' }

/** file-type's extension → the container as stored and decoded. Anything else is refused. */
const SUPPORTED: Record<string, AudioType> = {
  webm: WEBM,
  mkv: WEBM,
  ogg: OGG,
  opus: OGG,
  oga: OGG,
  spx: OGG,
  wav: { contentType: 'audio/wav', extension: 'wav', demuxer: 'wav' },
  mp3: { contentType: 'audio/mpeg', extension: 'mp3', demuxer: 'mp3' },
  m4a: MP4,
  mp4: MP4,
}

/** Where the bytes come from: the upload's first bytes, a stored recording, a file on disk. */
export type ByteSource = {
  /** The whole length, or null while only a head is known (more bytes follow). */
  size: number | null
  /** Up to `length` bytes from `start`; fewer at the end of what is known. */
  read(start: number, length: number): Promise<Buffer>
}

export type SniffResult =
  | { kind: 'audio'; type: AudioType }
  | { kind: 'refused'; reason: 'playlist' | 'not-audio' }
  /** The head ends inside a leading ID3 tag: only the whole file can tell. */
  | { kind: 'undecided' }

/**
 * Text ffmpeg would read as a list of other files or URLs: HLS and M3U playlists, ffconcat and
 * concat lists, PLS, and the XML ones (DASH, SMIL, ASX, XSPF).
 */
const LIST_MARKERS = [/^#EXT/im, /^ffconcat\b/im, /^file\s/im, /^\[playlist\]/im, /^<\?xml|<(?:MPD|smil|asx|playlist)\b/i]

function looksLikeList(bytes: Buffer): boolean {
  // A UTF-8 byte order mark and blank lines may come first.
  const text = bytes.toString('latin1', 0, 1024).replace(/^(?:\xef\xbb\xbf|\s)+/, '')
  return LIST_MARKERS.some((m) => m.test(text))
}

/** An ID3v2 tag's whole length (header, body and footer), or null when `head` does not open one. */
function id3Length(head: Buffer): number | null {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return null
  // Four 7-bit bytes ("syncsafe"), most significant first.
  const size = [6, 7, 8, 9].reduce((n, at) => (n << 7) | (head.readUInt8(at) & 0x7f), 0)
  const footer = head.readUInt8(5) & 0x10 ? 10 : 0
  return 10 + size + footer
}

/**
 * The recording's real container, from its bytes (never from the name or the client's header),
 * by file-type: WebM/Matroska, Ogg, WAV, MP3 and M4A/MP4. Refused before anything decodes it:
 * anything else, and every text list ffmpeg would follow (playlists, concat lists), also when it
 * hides behind an ID3 tag (a polyglot "mp3"): after leading ID3 tags only MPEG audio may follow.
 */
export async function sniffAudio(source: ByteSource): Promise<SniffResult> {
  let offset = 0
  let head = await source.read(0, SNIFF_BYTES)
  let tagged = false
  for (let tag = id3Length(head); tag !== null; tag = id3Length(head)) {
    tagged = true
    offset += tag
    if (source.size !== null && offset >= source.size) return { kind: 'refused', reason: 'not-audio' }
    head = await source.read(offset, SNIFF_BYTES)
    if (!head.length) return source.size === null ? { kind: 'undecided' } : { kind: 'refused', reason: 'not-audio' }
  }
  const detected = await fileTypeFromBuffer(head)
  const type = detected ? SUPPORTED[detected.ext] : undefined
  if (type && (!tagged || type.demuxer === 'mp3')) return { kind: 'audio', type }
  return { kind: 'refused', reason: looksLikeList(head) ? 'playlist' : 'not-audio' }
}

/** The first bytes of an upload as a source (`complete` when the file ended within them). */
export function headSource(head: Buffer, complete: boolean): ByteSource {
  return { size: complete ? head.length : null, read: async (start, length) => head.subarray(start, start + length) }
}
